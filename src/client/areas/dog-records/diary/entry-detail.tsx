import { api, apiGet } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { formatDate, formatDateTime, formatWeekday } from '../../../core/format.js';
import { clearResponses, offline } from '../../../core/offline-cache.js';
import { navigate } from '../../../core/router.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { DeleteButton } from '../../../ui/confirm-delete.js';
import { Load, useResource } from '../../../ui/states.js';
import { useDogsWithShared } from '../dogs/dogs-api.js';
import { NotesToggle } from '../notes/index.js';
import type { Entry, MediaItem } from './diary-api.js';
import { viewHref } from './diary-nav.js';
import { diaryTexts } from './texts.js';

/** The weather of the entry's day at its photo's place; "pending" while the job is still fetching it. */
function Weather({ media, date }: { media: MediaItem[]; date: string }) {
  const withWeather = media.find((m) => m.weather_status === 'ok' && m.weather);
  const pending = media.some((m) => m.weather_status === 'pending');
  // The weather service failed already: say so honestly instead of "loading" for the two days of retries.
  const retrying = pending && media.every((m) => m.weather_status !== 'pending' || m.weather_retrying);
  const unavailable = media.some((m) => m.weather_status === 'unavailable');
  if (!withWeather && !pending && !unavailable) return null;
  const w = withWeather?.weather;
  return (
    <section class="card weather" aria-labelledby="weather-title">
      {/* The weather belongs to the photo's own day, which may differ from the entry's date. */}
      <h2 id="weather-title">{w && w.day !== date ? diaryTexts.detail.weatherOn(formatDate(w.day)) : diaryTexts.detail.weather}</h2>
      {w ? (
        <>
          <p class="weather-main">
            <strong>{w.label}</strong>
            {diaryTexts.detail.temp(w.temp_min_c, w.temp_max_c) && <span>{diaryTexts.detail.temp(w.temp_min_c, w.temp_max_c)}</span>}
          </p>
          {w.precipitation_mm !== null && <p>{diaryTexts.detail.rain(w.precipitation_mm)}</p>}
          <p class="hint">{w.attribution}</p>
        </>
      ) : (
        <p class="muted">{retrying ? diaryTexts.detail.weatherRetrying : pending ? diaryTexts.detail.weatherPending : diaryTexts.detail.weatherUnavailable}</p>
      )}
    </section>
  );
}

function Photos({ media }: { media: MediaItem[] }) {
  if (media.length === 0) return null;
  return (
    <ul class="gallery">
      {media.map((m, i) => (
        <li key={m.id}>
          <a href={m.url} target="_blank" rel="noopener">
            <img
              src={m.preview_url}
              alt={diaryTexts.detail.photoOf(i + 1, media.length)}
              width={m.width}
              height={m.height}
              loading={i < 2 ? 'eager' : 'lazy'}
            />
          </a>
          {m.taken_at && (
            <p class="hint">
              {diaryTexts.detail.takenAt}: {formatDateTime(m.taken_at)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function DeleteEntry({ entry }: { entry: Entry }) {
  const isOffline = useStore(offline);
  const deleted = () => {
    clearResponses();
    const target = viewHref('list', entry.dog_id);
    showFlash(diaryTexts.detail.deleted, target.split('?')[0] ?? target);
    navigate(target, { replace: true });
  };
  return (
    <DeleteButton
      remove={() => api.DELETE('/api/diary/{entryId}', { params: { path: { entryId: entry.id } } })}
      label={diaryTexts.detail.delete}
      title={diaryTexts.detail.deleteTitle}
      confirmLabel={diaryTexts.detail.deleteConfirm}
      buttonClass="button button-danger"
      disabled={isOffline}
      onDone={deleted}
    >
      <p>{diaryTexts.detail.deleteText}</p>
    </DeleteButton>
  );
}

export function EntryDetailScreen({ params }: ScreenProps) {
  const [entry, reload] = useResource(apiGet('/api/diary/{entryId}', { params: { path: { entryId: Number(params.entryId) } } }));
  const [dogs] = useDogsWithShared();
  const isOffline = useStore(offline);
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : null;
  const title = entry.status === 'ready' ? (entry.data.title ?? formatDate(entry.data.date)) : diaryTexts.title;
  return (
    <article class="page entry-detail">
      <h1>{title}</h1>
      <Load resource={entry} onRetry={reload}>
        {(data) => {
          const dogName = dogs.status === 'ready' ? dogs.data.items.find((d) => d.id === data.dog_id)?.name : undefined;
          const located = data.media.some((m) => m.lat !== null);
          const ownDog = dogs.status === 'ready' && dogs.data.items.some((d) => d.id === data.dog_id && d.user_id === me);
          // Decisions (family sharing): a caregiver changes only the entries they wrote; the owner all of them.
          const mayChange = ownDog || (me !== null && data.author_id === me);
          return (
            <>
              <p class="entry-date">
                <time dateTime={data.date}>
                  {formatWeekday(data.date)}, {formatDate(data.date)}
                </time>
                {dogName && <span> · {dogName}</span>}
                {data.place_name && <span class="entry-place"> · {data.place_name}</span>}
                {data.author_name && <span> · {diaryTexts.by(data.author_name)}</span>}
                {data.mood && (
                  <span>
                    {' '}
                    · {diaryTexts.mood}: {diaryTexts.moods[data.mood] ?? data.mood}
                  </span>
                )}
              </p>
              {data.text && <div class="entry-text">{data.text}</div>}
              {data.tags.length > 0 && (
                <ul class="tags" aria-label={diaryTexts.editor.tags}>
                  {data.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              )}
              <Photos media={data.media} />
              <Weather media={data.media} date={data.date} />
              {!mayChange && dogs.status === 'ready' && (
                <p class="muted">{data.author_name ? diaryTexts.detail.othersEntry(data.author_name) : diaryTexts.detail.ownersEntry}</p>
              )}
              <div class="actions actions-start">
                {!isOffline && mayChange && (
                  <a class="button" href={`/app/tagebuch/eintrag/${data.id}/bearbeiten`}>
                    {diaryTexts.detail.edit}
                  </a>
                )}
                {located && (
                  <a class="button button-secondary" href={viewHref('map', data.dog_id)}>
                    {diaryTexts.detail.openMap}
                  </a>
                )}
                {mayChange && <DeleteEntry entry={data} />}
              </div>
              {ownDog && <NotesToggle parentType="diary_entry" parentId={data.id} />}
              <p>
                <a href={viewHref('list', data.dog_id)}>{diaryTexts.detail.back}</a>
              </p>
            </>
          );
        }}
      </Load>
    </article>
  );
}
