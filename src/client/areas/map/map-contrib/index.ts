/** One's dog-welcome contributions to OpenStreetMap and the Pro year they earn. */
export { ContributionsScreen } from './contributions.js';
