/** Trips abroad of a dog: plan a trip, see the checklist, enter the treatment, get the travel sheet. */
export { TripsScreen } from './trips.js';
