/** The heat calendar of a female dog: cycles, the predicted next one, phases. */
export { HeatScreen } from './heat.js';
