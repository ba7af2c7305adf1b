/** Community on the map: the nearby map and list, the home area, poison and lost-dog reports, the poster, and the other kinds' forms and cards. */
import type { ComponentType } from 'preact';
import type { ScreenProps } from '../../../core/screen.js';
import { listingCreateScreen, listingEditScreen } from './listings/listing-form.js';
import { listingDetailScreen } from './listings/listing-detail.js';
import { listingBySlug } from './listings/specs.js';

export { NearbyScreen } from './nearby.js';
export { HomeAreaScreen } from './home-area.js';
export { LostDetailScreen, LostEditScreen, LostPosterScreen, LostReportScreen } from './lost-dogs.js';
export { PoisonDetailScreen, PoisonEditScreen, PoisonReportScreen } from './poison.js';
export { MapReports } from './map-moderation.js';

/** The create form or the card of a kind by its app path (/app/<slug>/neu, /app/<slug>/:id). */
export function listingScreen(slug: string, screen: 'create' | 'detail' | 'edit'): ComponentType<ScreenProps> {
  const spec = listingBySlug(slug);
  if (!spec) throw new Error(`unknown listing ${slug}`);
  return screen === 'create' ? listingCreateScreen(spec) : screen === 'edit' ? listingEditScreen(spec) : listingDetailScreen(spec);
}
