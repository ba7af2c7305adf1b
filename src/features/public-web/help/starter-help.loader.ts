import type { AppContext } from '#core/context.js';
import { claimStarterKey, insertArticle, loadedStarterKeys, nextPosition } from './help.repo.js';
import { STARTER_ARTICLES, type StarterArticle } from './starter-articles.js';

/**
 * Loads the starter help articles at start, like the breeds: once each. The key is claimed first (insert … on
 * conflict do nothing), and only the instance that claimed it inserts the article, in the same transaction, so two
 * instances starting together load it once, and an article an admin edited or deleted stays as the admin left it.
 */
export async function loadStarterHelp(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, articles: StarterArticle[] = STARTER_ARTICLES): Promise<number> {
  const loaded = await loadedStarterKeys(ctx.db);
  const fresh = articles.filter((a) => !loaded.has(a.key));
  if (!fresh.length) return 0;
  const now = ctx.clock.now().toISOString();
  let inserted = 0;
  for (const a of fresh) {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimStarterKey(trx, a.key, now))) return;
      await insertArticle(trx, {
        category: a.category,
        title: a.title,
        body: a.body,
        active: 1,
        position: await nextPosition(trx, a.category),
        created_at: now,
        updated_at: now,
      });
      inserted++;
    });
  }
  if (inserted) ctx.log.info({ inserted }, 'starter help articles loaded');
  return inserted;
}
