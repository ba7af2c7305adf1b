import { apiGet } from '../../../core/api.js';
import type { WelcomeDashboard } from '../../../api/types.js';
import { formatDate } from '../../../core/format.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { Icon } from '../../../ui/icons.js';
import { Empty, Load, useResource } from '../../../ui/states.js';
import { FoodAlertsCard } from '../../map/food-alerts/index.js';
import { DueDoseItem } from '../doses/index.js';
import { WalkWeatherCard } from '../weather/index.js';
import { dashboardTexts } from './texts.js';

type DashboardDog = WelcomeDashboard['dogs'][number];

function DogOfTheDay({ dog, first }: { dog: DashboardDog; first: boolean }) {
  const photo = dog.daily_photo;
  return (
    <li class="card daily">
      <h2>{photo ? dashboardTexts.dailyTitle(dog.name) : dog.name}</h2>
      {photo ? (
        <a class="daily-photo" href={`/app/tagebuch/eintrag/${photo.entry_id}`}>
          {/* The first photo is the screen's largest paint: load it at once, the others lazily. */}
          <img
            src={photo.preview_url}
            alt={dashboardTexts.dailyAlt(dog.name, formatDate(photo.entry_date))}
            loading={first ? 'eager' : 'lazy'}
            fetchpriority={first ? 'high' : 'auto'}
            width={640}
            height={480}
            data-media-id={photo.media_id}
          />
          <span class="daily-date">{formatDate(photo.entry_date)}</span>
        </a>
      ) : (
        <div class="daily-empty">
          {dog.photo_url ? <img src={dog.photo_url} alt="" width={96} height={96} class="dog-avatar" /> : <Icon name="paw" size={40} />}
          <p>{dashboardTexts.noPhoto(dog.name)}</p>
          <a class="button button-secondary button-small" href={`/app/tagebuch/neu?hund=${dog.id}`}>
            {dashboardTexts.writeEntry}
          </a>
        </div>
      )}
    </li>
  );
}

function EntryLinks({
  title,
  items,
}: {
  title: string;
  items: { entry_id: number; date: string; title: string | null; preview_url: string | null; note?: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <section class="card" aria-labelledby={`h-${title}`}>
      <h2 id={`h-${title}`}>{title}</h2>
      <ul class="link-list">
        {items.map((item) => (
          <li key={item.entry_id}>
            <a href={`/app/tagebuch/eintrag/${item.entry_id}`}>
              {item.preview_url ? (
                <img src={item.preview_url} alt="" width={48} height={48} loading="lazy" />
              ) : (
                <span class="link-list-ph" aria-hidden="true" />
              )}
              <span>
                <strong>{item.title ?? formatDate(item.date)}</strong>
                <span class="muted"> · {item.note ?? formatDate(item.date)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The training streak of each dog that has trained (the training area's dashboard field). */
function StreakCards({ dogs }: { dogs: WelcomeDashboard['dogs'] }) {
  const trained = dogs.filter((d) => d.training_streak);
  if (trained.length === 0) return null;
  return (
    <section class="card" aria-labelledby="streak-title">
      <h2 id="streak-title">{dashboardTexts.streaks}</h2>
      <ul class="plain-list">
        {trained.map((d) => (
          <li key={d.id}>
            <a href={`/app/hunde/${d.id}/training`}>{d.name}</a>: {dashboardTexts.streakDays(d.training_streak!.current_days)}{' '}
            <span class="muted">· {dashboardTexts.streakBest(d.training_streak!.longest_days)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "15. Juli" from MM-DD. */
const dayMonth = (md: string) => `${Number(md.slice(3, 5))}. ${MONTH_NAMES[Number(md.slice(0, 2)) - 1] ?? ''}`;
const MONTH_NAMES = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

/** The Brut- und Setzzeit while it runs where the owner lives (issue 53), with its rule and source. */
function LeashSeasonCard({ season }: { season: NonNullable<WelcomeDashboard['leash_season']> }) {
  return (
    <section class="card notice-info leash-season" aria-labelledby="leash-title">
      <h2 id="leash-title">{dashboardTexts.leashTitle(dayMonth(season.until))}</h2>
      <p>{season.rule}</p>
      <p class="note">
        <a href={season.source_url} rel="noopener noreferrer" target="_blank">
          {dashboardTexts.leashSource}
        </a>{' '}
        · {dashboardTexts.leashAsOf(formatDate(season.as_of))}
      </p>
    </section>
  );
}

/**
 * What is due soon, from every area; a dose still due today has its "Gegeben" tick here (issue 51), also for a
 * caregiver without dogs of their own.
 */
function DueSoonCard({ items }: { items: WelcomeDashboard['due_soon'] }) {
  if (items.length === 0) return null;
  return (
    <section class="card" aria-labelledby="due-title">
      <h2 id="due-title">{dashboardTexts.dueSoon}</h2>
      <ul class="plain-list">
        {items.map((item) =>
          item.dose ? (
            <DueDoseItem key={`dose-${item.dose.medication_id}`} item={item} dose={item.dose} />
          ) : (
            <li key={`${item.area}-${item.title}-${item.due_date}`}>
              {item.overdue && <span class="tag tag-warning">{dashboardTexts.overdue}</span>}{' '}
              {item.url?.startsWith('/app') ? <a href={item.url}>{item.title}</a> : item.title} <span class="muted">· {formatDate(item.due_date)}</span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

export function DashboardScreen() {
  const state = useStore(session);
  const [dashboard, reload] = useResource(apiGet('/api/welcome-dashboard'));
  const name = state.status === 'user' ? state.user.name : '';
  return (
    <section class="page">
      <h1>{dashboardTexts.hello(name)}</h1>
      <Load resource={dashboard} onRetry={reload}>
        {(data) =>
          data.dogs.length === 0 ? (
            <>
              <DueSoonCard items={data.due_soon} />
              <Empty title={dashboardTexts.welcomeTitle}>
                <p>{dashboardTexts.welcomeText}</p>
                <a class="button" href="/app/hunde/neu">
                  {dashboardTexts.addDog}
                </a>
              </Empty>
            </>
          ) : (
            <>
              <WalkWeatherCard />
              <ul class="daily-list">
                {data.dogs.map((dog, i) => (
                  <DogOfTheDay key={dog.id} dog={dog} first={i === 0} />
                ))}
              </ul>
              {data.leash_season && <LeashSeasonCard season={data.leash_season} />}
              <DueSoonCard items={data.due_soon} />
              <FoodAlertsCard />
              <StreakCards dogs={data.dogs} />
              <EntryLinks
                title={dashboardTexts.onThisDay}
                items={data.on_this_day.map((e) => ({ ...e, note: `${e.dog_name}, ${dashboardTexts.yearsAgo(e.years_ago)}` }))}
              />
              <EntryLinks title={dashboardTexts.recent} items={data.recent_entries} />
              <p class="link-row">
                <a href="/app/tagebuch">{dashboardTexts.toDiary}</a>
                <a href="/app/hunde">{dashboardTexts.toDogs}</a>
                <a href="/app/ausgaben">{dashboardTexts.toExpenses}</a>
              </p>
            </>
          )
        }
      </Load>
    </section>
  );
}
