import { apiGet } from '../../../core/api.js';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Load, useResource } from '../../../ui/states.js';
import { DiaryFrame } from './diary-nav.js';
import { diaryTexts } from './texts.js';

function Results({ q, dogId }: { q: string; dogId: number | null }) {
  const [hits, reload] = useResource(apiGet('/api/diary/search', { params: { query: { q, dog_id: dogId ?? undefined } } }));
  return (
    <Load resource={hits} onRetry={reload}>
      {(r) =>
        r.items.length === 0 ? (
          <p class="muted">{diaryTexts.search.none}</p>
        ) : (
          <>
            <p class="muted small" role="status">
              {diaryTexts.search.count(r.items.length)}
            </p>
            {r.newest_only === 1 && <p class="muted small">{diaryTexts.search.newestOnly}</p>}
            <ul class="search-hits">
              {r.items.map((hit) => (
                <li key={hit.id} class="card">
                  <a href={`/app/tagebuch/eintrag/${hit.id}`}>
                    {hit.preview_url && <img src={hit.preview_url} alt="" width={72} height={72} loading="lazy" />}
                    <span>
                      <strong>{hit.title ?? formatDate(hit.date)}</strong>
                      {hit.title && <span class="muted small"> · {formatDate(hit.date)}</span>}
                      <br />
                      {/* The server escapes the text and adds only <mark> around the hits (decisions: Diary search). */}
                      <span class="search-excerpt" dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </Load>
  );
}

/** /app/tagebuch/suche?q=…&hund=…: full-text search over titles and texts, best hits first. */
export function DiarySearchScreen({ query }: ScreenProps) {
  const q = (query.get('q') ?? '').trim();
  return (
    <DiaryFrame view="search" query={query}>
      {(dog) => (
        <section aria-label={diaryTexts.search.title(q)}>
          <h2>{diaryTexts.search.title(q)}</h2>
          {q.length < 2 ? <p class="muted">{diaryTexts.search.tooShort}</p> : <Results q={q} dogId={dog?.id ?? null} />}
        </section>
      )}
    </DiaryFrame>
  );
}
