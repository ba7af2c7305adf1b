/** The breeder screens (tier breeder or breeder_test): litters, puppies, growth chart, quick weighing. */
export { BreederScreen } from './breeder.js';
export { LitterScreen } from './litter.js';
export { WeighScreen } from './weigh.js';
