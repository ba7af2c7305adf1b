/** The duties screen (one chunk). */
export { DutiesScreen } from './duties.js';
