import { useState } from 'preact/hooks';
import type { Trip, TripCheck } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { DogPage } from '../../../ui/dog-page.js';
import { ErrorNotice, Load, useResource } from '../../../ui/states.js';
import { berlinLocalToIso } from './berlin-time.js';
import { tripsTexts } from './texts.js';

const ICON: Record<TripCheck['status'], string> = { ok: '✓', todo: '!', blocked: '✕' };

function Checklist({ trip }: { trip: Trip }) {
  return (
    <ul class="trip-checks">
      {trip.checks.map((c) => (
        <li key={c.code} class={`trip-check trip-${c.status}`} data-code={c.code} data-status={c.status}>
          <span class="trip-icon" aria-hidden="true">
            {ICON[c.status]}
          </span>
          <div>
            <strong>{tripsTexts.labels[c.code]}</strong> <span class="small">({tripsTexts.status[c.status]})</span>
            <p>{c.message}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TripCard({ trip, onChange }: { trip: Trip; onChange: () => void }) {
  const [treated, setTreated] = useState('');
  const [ahc, setAhc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codes = trip.checks.map((c) => c.code);
  const save = async (body: Record<string, unknown>) => {
    setError(null);
    try {
      await api.PATCH('/api/trips/{tripId}', { params: { path: { tripId: trip.id } }, body });
      onChange();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <article class="card trip-card" data-trip={trip.id}>
      <h2>
        {trip.country_name} · {formatDate(trip.entry_at.slice(0, 10))}
      </h2>
      <p class={`notice ${trip.ready ? 'notice-success' : 'notice-warning'}`} role="status">
        {trip.ready ? tripsTexts.ready : trip.ready_from ? tripsTexts.readyFrom(formatDate(trip.ready_from)) : tripsTexts.open}
      </p>
      <Checklist trip={trip} />
      {codes.includes('tapeworm') && (
        <form
          class="form-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (treated) void save({ tapeworm_treated_at: berlinLocalToIso(treated) });
          }}
        >
          <label>
            {tripsTexts.treated}
            <input type="datetime-local" name="tapeworm_treated_at" value={treated} onInput={(e) => setTreated(e.currentTarget.value)} />
          </label>
          <button type="submit" class="button button-small">
            {tripsTexts.saveTreatment}
          </button>
        </form>
      )}
      {codes.includes('ahc') && (
        <form
          class="form-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (ahc) void save({ ahc_issued_on: ahc });
          }}
        >
          <label>
            {tripsTexts.ahcIssued}
            <input type="date" name="ahc_issued_on" value={ahc} onInput={(e) => setAhc(e.currentTarget.value)} />
          </label>
          <button type="submit" class="button button-small">
            {tripsTexts.saveTreatment}
          </button>
        </form>
      )}
      <ErrorNotice text={error} />
      <nav class="link-row">
        <a href={`/api/trips/${trip.id}/travel-sheet.pdf`} download>
          {tripsTexts.sheet}
        </a>
        <button
          type="button"
          class="button button-small button-secondary"
          onClick={async () => {
            await api.DELETE('/api/trips/{tripId}', { params: { path: { tripId: trip.id } } });
            onChange();
          }}
        >
          {tripsTexts.remove}
        </button>
      </nav>
    </article>
  );
}

function PlanForm({ dogId, onPlanned }: { dogId: number; onPlanned: () => void }) {
  const [countries] = useResource(apiGet('/api/travel/countries'));
  const [country, setCountry] = useState('');
  const [entry, setEntry] = useState('');
  const [back, setBack] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="card trip-plan"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        try {
          await api.POST('/api/dogs/{dogId}/trips', {
            params: { path: { dogId } },
            body: { country, entry_at: berlinLocalToIso(entry), ...(back ? { return_at: berlinLocalToIso(back) } : {}) },
          });
          onPlanned();
        } catch (err) {
          setError(errorMessage(err));
        }
      }}
    >
      <h2>{tripsTexts.plan}</h2>
      <label>
        {tripsTexts.country}
        <select name="country" required value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
          <option value="">{tripsTexts.chooseCountry}</option>
          {countries.status === 'ready' &&
            countries.data.items.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
        </select>
      </label>
      <label>
        {tripsTexts.entry}
        <input type="datetime-local" name="entry_at" required value={entry} onInput={(e) => setEntry(e.currentTarget.value)} />
      </label>
      <label>
        {tripsTexts.return}
        <input type="datetime-local" name="return_at" value={back} onInput={(e) => setBack(e.currentTarget.value)} />
      </label>
      <ErrorNotice text={error} />
      <button type="submit" class="button">
        {tripsTexts.save}
      </button>
    </form>
  );
}

function TripsBody({ dogId }: { dogId: number }) {
  const [trips, reload] = useResource(apiGet('/api/dogs/{dogId}/trips', { params: { path: { dogId } } }));
  return (
    <>
      <p class="small trip-disclaimer">{tripsTexts.disclaimer}</p>
      <PlanForm dogId={dogId} onPlanned={reload} />
      <Load resource={trips} onRetry={reload}>
        {(d) => (d.items.length ? d.items.map((t) => <TripCard key={t.id} trip={t} onChange={reload} />) : <p>{tripsTexts.none}</p>)}
      </Load>
    </>
  );
}

/** /app/hunde/:dogId/reise: plan a trip abroad and see what to do by when (owner and caregivers). */
export function TripsScreen({ params }: ScreenProps) {
  return (
    <DogPage dogId={Number(params.dogId)} title={tripsTexts.title} fallback={tripsTexts.fallback} className="trips">
      {(dog) => <TripsBody dogId={dog.id} />}
    </DogPage>
  );
}
