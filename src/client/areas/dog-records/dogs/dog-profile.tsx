import { apiGet } from '../../../core/api.js';
import { Fragment, type ComponentChildren } from 'preact';
import { formatAge, formatDate } from '../../../core/format.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Icon } from '../../../ui/icons.js';
import { Load, useResource } from '../../../ui/states.js';
import type { Dog } from './dogs-api.js';
import { dogsTexts } from './texts.js';

const profileTexts = dogsTexts.profile;

/** The dog's areas, one tab each; areas that only make sense for some dogs say so (heat: female dogs). */
function areaTabs(dog: Dog, owner: boolean) {
  return [
    { href: `/app/tagebuch?hund=${dog.id}`, label: dogsTexts.toDiary },
    { href: `/app/hunde/${dog.id}/gesundheit`, label: dogsTexts.toHealth },
    { href: `/app/hunde/${dog.id}/pflege`, label: dogsTexts.toCare },
    { href: `/app/hunde/${dog.id}/reise`, label: 'Reise' },
    { href: `/app/hunde/${dog.id}/training`, label: dogsTexts.toTraining },
    { href: `/app/hunde/${dog.id}/pflichten`, label: dogsTexts.toDuties },
    ...(dog.sex === 'female' ? [{ href: `/app/hunde/${dog.id}/laeufigkeit`, label: dogsTexts.toHeat }] : []),
    ...(owner
      ? [
          { href: `/app/hunde/${dog.id}/familie`, label: profileTexts.family },
          { href: `/app/hunde/${dog.id}/notfallausweis`, label: profileTexts.emergency },
          { href: '/app/ausgaben', label: dogsTexts.toExpenses },
        ]
      : []),
  ];
}

function Facts({ dog }: { dog: Dog }) {
  const rows: [string, ComponentChildren][] = [];
  if (dog.breed) rows.push([profileTexts.breed, dog.breed_url ? <a href={dog.breed_url}>{dog.breed}</a> : dog.breed]);
  if (dog.birth_date) rows.push([profileTexts.age, `${formatAge(dog.birth_date)} (${formatDate(dog.birth_date)})`]);
  if (dog.sex) rows.push([dogsTexts.sex, `${dogsTexts.sexLabel[dog.sex] ?? dog.sex}${dog.neutered === 1 ? `, ${profileTexts.neutered}` : ''}`]);
  if (dog.weight_kg !== null) rows.push([profileTexts.weight, `${dog.weight_kg.toLocaleString('de-DE')} kg`]);
  if (dog.color) rows.push([profileTexts.color, dog.color]);
  if (dog.chip_number) rows.push([profileTexts.chip, dog.chip_number]);
  if (!rows.length) return null;
  return (
    <dl class="facts">
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function LatestEntries({ dog }: { dog: Dog }) {
  const [entries, reload] = useResource(apiGet('/api/dogs/{dogId}/diary', { params: { path: { dogId: dog.id }, query: { limit: 3 } } }));
  return (
    <section class="card" aria-labelledby="dog-latest-title">
      <h2 id="dog-latest-title">{profileTexts.latest}</h2>
      <Load resource={entries} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <p class="muted">
              {profileTexts.noEntries} <a href={`/app/tagebuch/neu?hund=${dog.id}`}>{profileTexts.firstEntry}</a>
            </p>
          ) : (
            <ul class="dog-latest">
              {page.items.map((e) => (
                <li key={e.id}>
                  <a href={`/app/tagebuch/eintrag/${e.id}`}>
                    {e.media[0] ? (
                      <img src={e.media[0].preview_url} alt="" width={64} height={64} loading="lazy" />
                    ) : (
                      <span class="dog-latest-blank" aria-hidden="true" />
                    )}
                    <span>
                      <strong>{e.title || e.text.slice(0, 60)}</strong>
                      <br />
                      <span class="muted small">{formatDate(e.date)}</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )
        }
      </Load>
    </section>
  );
}

/** /app/hunde/:dogId: the hub of one dog: photo, the facts, the latest diary entries and the way into each area. */
export function DogProfileScreen({ params }: ScreenProps) {
  const [dog, reload] = useResource(apiGet('/api/dogs/{dogId}', { params: { path: { dogId: Number(params.dogId) } } }));
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : 0;
  return (
    <section class="page page-narrow dog-profile">
      <Load resource={dog} onRetry={reload}>
        {(d) => (
          <>
            <div class="dog-profile-head">
              {d.photo_url ? (
                <img class="dog-profile-photo" src={d.photo_url} alt={dogsTexts.photoAlt(d.name)} width={120} height={120} />
              ) : (
                <span class="dog-profile-photo dog-profile-photo-empty" aria-hidden="true">
                  <Icon name="paw" size={48} />
                </span>
              )}
              <div>
                <h1>{d.name}</h1>
                {d.user_id === me ? <a href={`/app/hunde/${d.id}/bearbeiten`}>{profileTexts.edit}</a> : <p class="muted small">{profileTexts.caregiver}</p>}
              </div>
            </div>
            <Facts dog={d} />
            {d.bio && <p class="dog-bio">{d.bio}</p>}
            <nav aria-label={profileTexts.areas}>
              <ul class="dog-tabs">
                {areaTabs(d, d.user_id === me).map((tab) => (
                  <li key={tab.href}>
                    <a class="button button-secondary button-small" href={tab.href}>
                      {tab.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <LatestEntries dog={d} />
            <p class="link-row">
              <a href="/app/hunde">{dogsTexts.toList}</a>
            </p>
          </>
        )}
      </Load>
    </section>
  );
}
