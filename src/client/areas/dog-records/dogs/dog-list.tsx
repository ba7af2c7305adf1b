import { formatAge } from '../../../core/format.js';
import { Icon } from '../../../ui/icons.js';
import { Empty, Load } from '../../../ui/states.js';
import { type Dog, type DogOrShared, useDogsWithShared } from './dogs-api.js';
import { dogsTexts } from './texts.js';

export function DogAvatar({ dog, size = 64 }: { dog: Pick<Dog, 'name' | 'photo_url'>; size?: number }) {
  return dog.photo_url ? (
    <img class="dog-avatar" src={dog.photo_url} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span class="dog-avatar dog-avatar-empty" aria-hidden="true" style={{ width: `${size}px`, height: `${size}px` }}>
      {dog.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function DogCard({ dog }: { dog: DogOrShared }) {
  const facts = [dog.breed, dog.sex ? dogsTexts.sexLabel[dog.sex] : null, dog.birth_date ? dogsTexts.age(formatAge(dog.birth_date)) : null].filter(Boolean);
  return (
    <li class="card dog-card">
      <DogAvatar dog={dog} />
      <div class="dog-card-body">
        <h2>
          <a href={`/app/hunde/${dog.id}`}>{dog.name}</a>
        </h2>
        {dog.owner_name !== undefined && <p class="tag">{dogsTexts.sharedBy(dog.owner_name)}</p>}
        {facts.length > 0 && <p class="muted">{facts.join(' · ')}</p>}
        <p class="link-row small">
          <a href={`/app/hunde/${dog.id}/pflege`} aria-label={`${dogsTexts.toCare} von ${dog.name}`}>
            {dogsTexts.toCare}
          </a>
          <a href={`/app/hunde/${dog.id}/training`} aria-label={`${dogsTexts.toTraining} von ${dog.name}`}>
            {dogsTexts.toTraining}
          </a>
          {dog.sex === 'female' && (
            <a href={`/app/hunde/${dog.id}/laeufigkeit`} aria-label={`${dogsTexts.toHeat} von ${dog.name}`}>
              {dogsTexts.toHeat}
            </a>
          )}
        </p>
      </div>
      <a class="button button-secondary button-small" href={`/app/tagebuch?hund=${dog.id}`} aria-label={`${dogsTexts.toDiary} von ${dog.name}`}>
        {dogsTexts.toDiary}
      </a>
      <a class="button button-secondary button-small" href={`/app/hunde/${dog.id}/gesundheit`} aria-label={`${dogsTexts.toHealth} von ${dog.name}`}>
        {dogsTexts.toHealth}
      </a>
    </li>
  );
}

/** Own dogs, then those shared with the user (marked, without the owner's actions: the profile knows the role). */
export function DogListScreen() {
  const [dogs, reload] = useDogsWithShared();
  return (
    <section class="page">
      <div class="page-head">
        <h1>{dogsTexts.listTitle}</h1>
        <a class="button" href="/app/hunde/neu">
          <Icon name="plus" size={20} /> {dogsTexts.add}
        </a>
      </div>
      <Load resource={dogs} onRetry={reload}>
        {(page) =>
          page.items.length === 0 ? (
            <Empty title={dogsTexts.emptyTitle}>
              <p>{dogsTexts.emptyText}</p>
              <a class="button" href="/app/hunde/neu">
                {dogsTexts.add}
              </a>
            </Empty>
          ) : (
            <ul class="card-list">
              {page.items.map((dog) => (
                <DogCard key={dog.id} dog={dog} />
              ))}
            </ul>
          )
        }
      </Load>
      <p class="link-row">
        <a href="/app/familie">{dogsTexts.toFamily}</a> · <a href="/app/ausgaben">{dogsTexts.toExpenses}</a>
      </p>
    </section>
  );
}
