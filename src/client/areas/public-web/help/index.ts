/** The help area's screens (one chunk): the help itself and the admin's articles. */
export { HelpScreen } from './help.js';
export { HelpAdminScreen } from './help-admin.js';
