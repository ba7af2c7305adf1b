import { apiGet } from '../../../core/api.js';
import { formatDate, formatWeekday } from '../../../core/format.js';
import { pendingWrites } from '../../../core/offline-queue.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { PendingWrites } from '../../../ui/pending-writes.js';
import { Empty, Load } from '../../../ui/states.js';
import type { Dog } from '../dogs/dogs-api.js';
import type { Entry } from './diary-api.js';
import { DiaryFrame } from './diary-nav.js';
import { diaryTexts } from './texts.js';

const EXCERPT = 180;

export function EntryCard({ entry, dogName }: { entry: Entry; dogName?: string }) {
  const excerpt = entry.text.length > EXCERPT ? `${entry.text.slice(0, EXCERPT).trimEnd()} …` : entry.text;
  const thumbs = entry.media.slice(0, 4);
  return (
    <li class="card entry-card">
      <p class="entry-date">
        <time dateTime={entry.date}>
          {formatWeekday(entry.date)}, {formatDate(entry.date)}
        </time>
        {dogName && <span class="muted"> · {dogName}</span>}
        {entry.place_name && <span class="muted"> · {entry.place_name}</span>}
        {entry.author_name && <span class="muted"> · {diaryTexts.by(entry.author_name)}</span>}
        {entry.mood && <span class="mood"> · {diaryTexts.moods[entry.mood] ?? entry.mood}</span>}
      </p>
      <h2>
        <a href={`/app/tagebuch/eintrag/${entry.id}`}>{entry.title ?? formatDate(entry.date)}</a>
      </h2>
      {excerpt && <p class="entry-excerpt">{excerpt}</p>}
      {thumbs.length > 0 && (
        <ul class="thumbs" aria-label={diaryTexts.photos(entry.media.length)}>
          {thumbs.map((m, i) => (
            <li key={m.id}>
              <img src={m.preview_url} alt={diaryTexts.editor.photoAlt(i + 1)} width={96} height={96} loading="lazy" />
            </li>
          ))}
          {entry.media.length > thumbs.length && <li class="thumbs-more">+{entry.media.length - thumbs.length}</li>}
        </ul>
      )}
      {entry.tags.length > 0 && (
        <ul class="tags" aria-label={diaryTexts.editor.tags}>
          {entry.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** One dog's entries, or with `dog` null those of all dogs (each card then names its dog). */
function Entries({ dog, dogs }: { dog: Dog | null; dogs: Dog[] }) {
  const list = usePagedList<Entry>(
    dog
      ? apiGet('/api/dogs/{dogId}/diary', { params: { path: { dogId: dog.id }, query: { limit: 20 } } })
      : apiGet('/api/diary/entries', { params: { query: { limit: 20 } } }),
  );
  const nameOf = (id: number) => (dog ? undefined : dogs.find((d) => d.id === id)?.name);
  // An entry saved offline waits above the list: a list that cannot load without a connection is no error then.
  const waiting = useStore(pendingWrites).some((w) => w.kind === 'diary' && (!dog || w.dogId === dog.id));
  return (
    <>
      <PendingWrites kinds={['diary']} dogId={dog?.id ?? null} onDelivered={list.reload} />
      <Load resource={list.resource} onRetry={list.reload} offlineText={waiting ? diaryTexts.offlineList : undefined}>
        {(entries) =>
          entries.length === 0 ? (
            <Empty title={diaryTexts.emptyTitle}>
              <p>{diaryTexts.emptyText}</p>
              <a class="button" href={dog ? `/app/tagebuch/neu?hund=${dog.id}` : '/app/tagebuch/neu'}>
                {diaryTexts.newEntry}
              </a>
            </Empty>
          ) : (
            <>
              <ul class="entry-list">
                {entries.map((entry) => (
                  <EntryCard key={entry.id} entry={entry} dogName={nameOf(entry.dog_id)} />
                ))}
              </ul>
              <MoreButton list={list} />
            </>
          )
        }
      </Load>
    </>
  );
}

export function DiaryListScreen({ query }: ScreenProps) {
  return (
    <DiaryFrame view="list" query={query}>
      {(dog, dogs) => <Entries key={dog?.id ?? 'alle'} dog={dog} dogs={dogs} />}
    </DiaryFrame>
  );
}
