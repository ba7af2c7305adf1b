import { apiGet } from '../../../core/api.js';
import type { PublicHelpArticle } from '../../../api/types.js';
import { Empty, Load, useResource } from '../../../ui/states.js';
import { helpTexts } from './texts.js';

/** Paragraphs of a plain-text body, split at blank lines like /help does. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function Article({ article }: { article: PublicHelpArticle }) {
  // Text nodes only: an article body is never parsed as HTML.
  return (
    <details id={`artikel-${article.id}`} class="card">
      <summary>{article.title}</summary>
      {paragraphs(article.body).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </details>
  );
}

/** /app/hilfe: the active help articles by category, each a native <details>; for guests and users alike. */
export function HelpScreen() {
  const [help, reload] = useResource(apiGet('/api/help'));
  return (
    <section class="page page-narrow">
      <h1>{helpTexts.title}</h1>
      <p class="lead">{helpTexts.lead}</p>
      <Load resource={help} onRetry={reload}>
        {(data) =>
          data.categories.length === 0 ? (
            <Empty title={helpTexts.emptyTitle}>
              <p>{helpTexts.emptyText}</p>
            </Empty>
          ) : (
            data.categories.map((category) => (
              <section key={category.key} class="page" aria-labelledby={`hilfe-${category.key}`}>
                <h2 id={`hilfe-${category.key}`}>{category.label}</h2>
                {category.articles.map((article) => (
                  <Article key={article.id} article={article} />
                ))}
              </section>
            ))
          )
        }
      </Load>
    </section>
  );
}
