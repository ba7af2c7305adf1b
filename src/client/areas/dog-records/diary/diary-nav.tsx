import { LIMITS } from '#shared/limits.js';
import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { navigate } from '../../../core/router.js';
import { Icon } from '../../../ui/icons.js';
import { Empty, Load } from '../../../ui/states.js';
import { type Dog, useDogsWithShared } from '../dogs/dogs-api.js';
import { diaryTexts } from './texts.js';

export type DiaryView = 'list' | 'mosaic' | 'calendar' | 'map' | 'nearby';

const VIEW_PATHS: Record<DiaryView, string> = {
  list: '/app/tagebuch',
  mosaic: '/app/tagebuch/mosaik',
  calendar: '/app/tagebuch/kalender',
  map: '/app/tagebuch/karte',
  nearby: '/app/tagebuch/in-der-naehe',
};

/** `?hund=3` picks one dog; `?hund=alle` or nothing all of them: the same filter in every view. */
export function selectedDog(query: URLSearchParams, dogs: Dog[]): Dog | null {
  const wanted = query.get('hund');
  return dogs.find((d) => String(d.id) === wanted) ?? null;
}

export function viewHref(view: DiaryView, dogId: number | null, extra = ''): string {
  const params = new URLSearchParams(extra);
  if (dogId !== null) params.set('hund', String(dogId));
  const search = params.toString();
  return `${VIEW_PATHS[view]}${search ? `?${search}` : ''}`;
}

/** The search form in every view's toolbar: it searches the chosen dog (or all of them). */
function SearchBox({ dogId, current }: { dogId: number | null; current: string }) {
  return (
    <form
      role="search"
      class="diary-search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
        const params = new URLSearchParams({ q });
        if (dogId !== null) params.set('hund', String(dogId));
        if (q) navigate(`/app/tagebuch/suche?${params.toString()}`);
      }}
    >
      <label for="diary-q" class="visually-hidden">
        {diaryTexts.search.label}
      </label>
      <input id="diary-q" name="q" type="search" minLength={2} maxLength={LIMITS.title} placeholder={diaryTexts.search.placeholder} defaultValue={current} />
      <button type="submit" class="button button-secondary button-small">
        {diaryTexts.search.submit}
      </button>
    </form>
  );
}

interface DiaryFrameProps {
  /** 'search': the results of the search box, no view tab is current. */
  view: DiaryView | 'search';
  query: URLSearchParams;
  children: (dog: Dog | null, dogs: Dog[]) => ComponentChildren;
}

/** Heading, dog picker, view tabs and the "new entry" button around each of the diary views. */
export function DiaryFrame({ view, query, children }: DiaryFrameProps) {
  const [dogs, reload] = useDogsWithShared();
  // On a phone the tabs scroll sideways: the current one is brought into sight (the last ones start hidden).
  useEffect(() => {
    document.querySelector('.diary-toolbar .tabs a[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [dogs.status, view]);
  return (
    <section class="page">
      <div class="page-head">
        <h1>{diaryTexts.title}</h1>
        {dogs.status === 'ready' && dogs.data.items.length > 0 && (
          <a class="button" href={`/app/tagebuch/neu${query.get('hund') && query.get('hund') !== 'alle' ? `?hund=${query.get('hund') ?? ''}` : ''}`}>
            <Icon name="plus" size={20} /> {diaryTexts.newEntry}
          </a>
        )}
      </div>
      <Load resource={dogs} onRetry={reload}>
        {(page) => {
          if (page.items.length === 0) return <NoDogsYet />;
          const dog = selectedDog(query, page.items);
          const extra = view === 'calendar' && query.get('monat') ? `monat=${query.get('monat') ?? ''}` : '';
          return (
            <>
              <div class="diary-toolbar">
                <div class="field field-inline">
                  <label for="diary-dog">{diaryTexts.dog}</label>
                  <select
                    id="diary-dog"
                    value={dog ? String(dog.id) : 'alle'}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      const id = value === 'alle' ? null : Number(value);
                      if (view === 'search')
                        navigate(`/app/tagebuch/suche?q=${encodeURIComponent(query.get('q') ?? '')}${id === null ? '' : `&hund=${id}`}`, { replace: true });
                      else navigate(viewHref(view, id, extra), { replace: true });
                    }}
                  >
                    <option value="alle">{diaryTexts.allDogs}</option>
                    {page.items.map((d) => (
                      <option key={d.id} value={String(d.id)}>
                        {d.name}
                      </option>
                    ))}
                  </select>
                </div>
                <nav aria-label={diaryTexts.viewsLabel}>
                  <ul class="tabs">
                    {(Object.keys(VIEW_PATHS) as DiaryView[]).map((v) => (
                      <li key={v}>
                        <a href={viewHref(v, dog?.id ?? null)} aria-current={v === view ? 'page' : undefined}>
                          {diaryTexts.views[v]}
                        </a>
                      </li>
                    ))}
                  </ul>
                </nav>
                <SearchBox dogId={dog?.id ?? null} current={view === 'search' ? (query.get('q') ?? '') : ''} />
              </div>
              {children(dog, page.items)}
            </>
          );
        }}
      </Load>
    </section>
  );
}

/** The diary needs a dog first: said where a diary screen would otherwise show nothing. */
export function NoDogsYet() {
  return (
    <Empty title={diaryTexts.noDogsTitle}>
      <p>{diaryTexts.noDogsText}</p>
      <a class="button" href="/app/hunde/neu">
        {diaryTexts.toDogs}
      </a>
    </Empty>
  );
}
