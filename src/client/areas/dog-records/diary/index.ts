/** The diary area's screens (one chunk; the map's Leaflet code is a further chunk of its own). */
export { DiaryListScreen } from './entry-list.js';
export { DiaryMosaicScreen } from './mosaic.js';
export { DiaryCalendarScreen } from './calendar.js';
export { DiaryMapScreen } from './map-view.js';
export { EntryCreateScreen, EntryEditScreen, SharedPhotosScreen } from './entry-screens.js';
export { EntryDetailScreen } from './entry-detail.js';
export { DiarySearchScreen } from './search-results.js';
export { DiaryNearbyScreen } from './nearby-entries.js';
