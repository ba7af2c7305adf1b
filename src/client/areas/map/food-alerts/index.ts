/** The food alerts' list screen and the card the welcome dashboard shows (both small: one chunk). */
export { FoodAlertsScreen } from './food-alerts-screen.js';
export { FoodAlertsCard } from './food-alerts-card.js';
