/** Community on the map: the nearby map and list, the map layers with venue search and dog-welcome contributions, the route planner and walks, poison and lost-dog reports with a pin picker, the poster, and the other kinds' forms and cards. */
import type { ComponentType } from 'preact';
import type { ScreenProps } from '../../../core/screen.js';
import { listingCreateScreen, listingEditScreen } from './listings/listing-form.js';
import { listingDetailScreen } from './listings/listing-detail.js';
import { listingBySlug } from './listings/specs.js';

export { NearbyScreen } from './nearby.js';
export { HomeAreaScreen } from './home-area.js';
export { MapLayersScreen } from './map-layers.js';
export { PlaceCreateScreen, PlaceEditScreen } from './place-form.js';
export { ContributionsScreen } from './contributions.js';
export { RoutePlannerScreen } from './walks/route-planner.js';
export { WalksScreen } from './walks/walks.js';
export { LostDetailScreen, LostEditScreen, LostPosterScreen, LostReportScreen } from './lost-dogs.js';
export { PoisonDetailScreen, PoisonEditScreen, PoisonReportScreen } from './poison.js';

/** The create form or the card of a kind by its app path (/app/<slug>/neu, /app/<slug>/:id). */
export function listingScreen(slug: string, screen: 'create' | 'detail' | 'edit'): ComponentType<ScreenProps> {
  const spec = listingBySlug(slug);
  if (!spec) throw new Error(`unknown listing ${slug}`);
  return screen === 'create' ? listingCreateScreen(spec) : screen === 'edit' ? listingEditScreen(spec) : listingDetailScreen(spec);
}
