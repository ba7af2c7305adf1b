import { useState } from 'preact/hooks';
import type { UserPlace } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { ErrorNotice, useResource } from '../../../ui/states.js';
import { COUNTRIES, COUNTRY_NAMES, REGION_NAMES } from '#shared/regions.js';

const px = {
  title: 'Land und Region',
  auto: 'Aus deinem Heimatgebiet ermittelt.',
  manual: 'Von Hand gewählt: ein neues Heimatgebiet ändert das nicht.',
  none: 'Noch unbekannt: leg ein Heimatgebiet fest oder wähl es hier.',
  country: 'Land',
  region: 'Region',
  noRegion: '– keine Angabe –',
  save: 'Übernehmen',
  follow: 'Wieder aus dem Heimatgebiet',
  currency: (c: string) => `Ausgaben in ${c === 'CHF' ? 'Franken (CHF)' : 'Euro (€)'}`,
  saved: 'Gespeichert.',
};

/** Country and region (issue 53): from the home area by reverse geocoding, or chosen by hand. */
export function PlaceCard() {
  const [place, reload, replace] = useResource(apiGet('/api/me/place'));
  const current = place.status === 'ready' ? place.data : null;
  const [country, setCountry] = useState<string>('');
  const [region, setRegion] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const shownCountry = (country || current?.country || 'DE') as 'DE' | 'AT' | 'CH';
  const shownRegion = country ? region : (current?.region ?? '');
  const regions = Object.entries(REGION_NAMES).filter(([code]) => code.startsWith(`${shownCountry}-`));
  const run = async (work: () => Promise<UserPlace>) => {
    setError(null);
    setSaved(false);
    try {
      const next = await work();
      replace(() => next);
      setCountry('');
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e));
      reload();
    }
  };
  return (
    <section class="card" aria-labelledby="place-title">
      <h2 id="place-title">{px.title}</h2>
      {current && (
        <p class="muted" data-place={current.region ?? current.country ?? ''}>
          {current.region_name ?? (current.country ? COUNTRY_NAMES[current.country] : '')} {current.country ? '· ' : ''}
          {current.country ? (current.manual ? px.manual : px.auto) : px.none} {px.currency(current.currency)}
        </p>
      )}
      <div class="field-row">
        <label for="place-country">{px.country}</label>
        <select
          id="place-country"
          value={shownCountry}
          onChange={(e) => {
            setCountry((e.currentTarget as HTMLSelectElement).value);
            setRegion('');
          }}
        >
          {COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {COUNTRY_NAMES[c]}
            </option>
          ))}
        </select>
        <label for="place-region">{px.region}</label>
        <select
          id="place-region"
          value={shownRegion}
          onChange={(e) => {
            setCountry(shownCountry);
            setRegion((e.currentTarget as HTMLSelectElement).value);
          }}
        >
          <option value="">{px.noRegion}</option>
          {regions.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <p class="link-row">
        <button
          type="button"
          class="button button-small"
          onClick={() => run(() => api.PUT('/api/me/place', { body: { country: shownCountry, region: shownRegion || null } }))}
        >
          {px.save}
        </button>
        {current?.manual === 1 && (
          <button type="button" class="button button-secondary button-small" onClick={() => run(() => api.DELETE('/api/me/place'))}>
            {px.follow}
          </button>
        )}
      </p>
      {saved && (
        <p class="notice notice-success" role="status">
          {px.saved}
        </p>
      )}
      <ErrorNotice text={error} />
    </section>
  );
}
