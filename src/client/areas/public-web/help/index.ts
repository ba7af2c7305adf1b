/** The help area's screen (one chunk). */
export { HelpScreen } from './help.js';
