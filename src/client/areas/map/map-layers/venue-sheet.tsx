import { useState } from 'preact/hooks';
import type { LayerFeature } from '../../../api/types.js';
import { api, ApiError } from '../../../core/api.js';
import { mapLayersTexts } from './texts.js';

/** An OpenStreetMap venue as the map shows it: a layer feature's or search hit's properties, and what it is. */
export type Venue = LayerFeature['properties'] & {
  /** The layer's or the venue kind's German name. */
  what: string;
};

/**
 * The details of a tapped venue below the map, with the dog-welcome button where the spec offers it (restaurant,
 * café, bar, hotel, shop, vet, groomer) and OpenStreetMap does not know yet whether dogs may come in.
 */
export function VenueSheet({ venue, onClose }: { venue: Venue; onClose: () => void }) {
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' | 'again' } | { kind: 'error' | 'later'; message: string }>({ kind: 'idle' });
  const offered = Boolean(venue.welcome_kind) && venue.osm_type !== 'relation';
  const report = async () => {
    setState({ kind: 'sending' });
    try {
      // The kind and name the map shows let the server keep the tap while OpenStreetMap cannot be asked.
      const contribution = await api.POST('/api/map-contrib/dog-friendly', {
        body: {
          osm_type: venue.osm_type as 'node' | 'way' | 'relation',
          osm_id: venue.osm_id,
          venue_kind: venue.welcome_kind ?? undefined,
          venue_name: venue.name?.slice(0, 200) ?? null,
        },
      });
      if (contribution.status === 'rejected') setState({ kind: 'again' });
      else setState(contribution.notice ? { kind: 'later', message: contribution.notice } : { kind: 'done' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setState({ kind: 'error', message: e.message });
    }
  };
  return (
    <section class="card venue-sheet" aria-labelledby="venue-title">
      <h2 id="venue-title">{venue.name ?? venue.what}</h2>
      <p class="muted">
        {venue.what}
        {venue.opening_hours ? ` · ${venue.opening_hours}` : ''}
      </p>
      <p>{venue.dog ? mapLayersTexts.venueDog(venue.dog) : mapLayersTexts.venueDogUnknown}</p>
      {offered && !venue.dog && (state.kind === 'idle' || state.kind === 'sending' || state.kind === 'error') && (
        <p>
          <button type="button" class="button" onClick={() => void report()} disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? mapLayersTexts.welcomeSending : mapLayersTexts.welcomeButton}
          </button>
          <br />
          <span class="muted small">{mapLayersTexts.welcomeHint}</span>
        </p>
      )}
      <p role="status" class={state.kind === 'error' ? 'form-error' : undefined}>
        {state.kind === 'done'
          ? mapLayersTexts.welcomeThanks
          : state.kind === 'again'
            ? mapLayersTexts.welcomeAlready
            : state.kind === 'error' || state.kind === 'later'
              ? state.message
              : ''}
      </p>
      <p class="link-row">
        <a href={`https://www.openstreetmap.org/${venue.osm_type}/${venue.osm_id}`} rel="noopener" target="_blank">
          {mapLayersTexts.venueOsm}
        </a>
        <button type="button" class="button button-secondary" onClick={onClose}>
          {mapLayersTexts.venueClose}
        </button>
      </p>
    </section>
  );
}
