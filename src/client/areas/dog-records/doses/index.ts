/** The doses' tick (health tab and dashboard): no screen of its own, so no chunk of its own. */
export { DoseButton } from './dose-button.js';
export { DueDoseItem } from './due-dose.js';
