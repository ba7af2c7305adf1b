import type { AppContext } from '../../core/context.js';
import { nextPosition } from './help.repo.js';
import { STARTER_ARTICLES, type StarterArticle } from './starter-articles.js';

/**
 * Loads the starter help articles at start, like the breeds: once each. The key is claimed first (insert … on
 * conflict do nothing), and only the instance that claimed it inserts the article, in the same transaction, so two
 * instances starting together load it once, and an article an admin edited or deleted stays as the admin left it.
 */
export async function loadStarterHelp(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, articles: StarterArticle[] = STARTER_ARTICLES): Promise<number> {
  const loaded = new Set((await ctx.db.selectFrom('help_starter_keys').select('key').execute()).map((r) => r.key));
  const fresh = articles.filter((a) => !loaded.has(a.key));
  if (!fresh.length) return 0;
  const now = ctx.clock.now().toISOString();
  let inserted = 0;
  for (const a of fresh) {
    await ctx.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('help_starter_keys')
        .values({ key: a.key, loaded_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await trx
        .insertInto('help_articles')
        .values({
          category: a.category,
          title: a.title,
          body: a.body,
          active: 1,
          position: await nextPosition(trx, a.category),
          created_at: now,
          updated_at: now,
        })
        .execute();
      inserted++;
    });
  }
  if (inserted) ctx.log.info({ inserted }, 'starter help articles loaded');
  return inserted;
}
