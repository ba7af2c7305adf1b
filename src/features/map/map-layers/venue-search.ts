import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import { toFeature, type LayerFeature } from './map-layers.service.js';
import { runOverpass } from './overpass.client.js';
import type { Box } from './tiles.js';

/**
 * "Search in the visible area": venues whose name contains the words, among the kinds that get the dog-welcome
 * button (venue-kinds.ts), asked from Overpass for the box the map shows. Not cached: every search is its own
 * question, which is why the route has a rate limit of its own.
 */
const MAX_RESULTS = 50;

/** The words as an Overpass regex: only letters, digits and a few marks reach here (the schema), dots escaped. */
const namePattern = (q: string) => q.trim().replace(/\s+/g, ' ').replace(/\./g, '\\\\.');

export function venueSearchQuery(q: string, box: Box): string {
  const name = `["name"~"${namePattern(q)}",i]`;
  const bbox = `(${box.south},${box.west},${box.north},${box.east})`;
  const selectors = [
    `nwr${name}["amenity"~"^(restaurant|cafe|bar|pub|biergarten|veterinary)$"]`,
    `nwr${name}["tourism"~"^(hotel|guest_house|hostel|motel)$"]`,
    `nwr${name}["shop"]`,
    `nwr${name}["craft"="pet_grooming"]`,
  ];
  return `[out:json][timeout:25];(${selectors.map((s) => `${s}${bbox};`).join('')});out tags center ${MAX_RESULTS};`;
}

export async function searchVenues(ctx: AppContext, _actor: Actor, q: string, box: Box): Promise<{ items: LayerFeature[] }> {
  const elements = await runOverpass(ctx, venueSearchQuery(q, box));
  if (!elements) throw new AppError(503, 'map_data_unavailable', 'Kartendaten sind gerade nicht verfügbar.');
  return { items: elements.map(toFeature).filter((f): f is LayerFeature => f !== null && f.properties.welcome_kind !== null) };
}
