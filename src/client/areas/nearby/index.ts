/** Community on the map: the nearby map and list, poison and lost-dog reports with a pin picker, the poster. */
export { NearbyScreen } from './nearby.js';
export { LostDetailScreen, LostPosterScreen, LostReportScreen, PoisonDetailScreen, PoisonReportScreen } from './reports.js';
