import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals } from '#core/http/pages/page-meta.js';
import { activeHelpGroups } from './help.service.js';

/** /help: server-rendered, no JavaScript; the article list comes from a short cache (help.service.ts). */
export function helpPageRoutes(ctx: AppContext, routes: Routes): void {
  routes.router.get('/help', async (req, res) => {
    const groups = await activeHelpGroups(ctx);
    // The page differs by login (link to the in-app help), so shared caches must not keep it.
    setCache(res, 'privatePage');
    res.render('help/help', {
      ...pageLocals(ctx, {
        title: `Hilfe & FAQ – ${ctx.config.appName}`,
        description: `Antworten auf häufige Fragen zu ${ctx.config.appName}: Konto, Hunde, Tagebuch, App-Installation, Tarife und Datenschutz.`,
        path: '/help',
        jsonLd: groups.length
          ? {
              '@context': 'https://schema.org',
              '@type': 'FAQPage',
              inLanguage: 'de-DE',
              mainEntity: groups.flatMap((g) =>
                g.articles.map((a) => ({ '@type': 'Question', name: a.title, acceptedAnswer: { '@type': 'Answer', text: a.paragraphs.join('\n\n') } })),
              ),
            }
          : undefined,
      }),
      groups,
      loggedIn: !!req.user,
    });
  });
}
