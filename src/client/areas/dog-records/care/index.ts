/** Care routines of a dog (grooming, deworming, …): due dates and ticks. */
export { CareScreen } from './care.js';
