/** The admin panel's home (what is open) and the statistics; loaded only by staff. */
export { AdminHomeScreen } from './admin-home.js';
export { StatsScreen } from './stats.js';
