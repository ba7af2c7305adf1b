/** The browsers' Content-Security-Policy reports, for admins. */
export { CspReportsScreen } from './csp-reports.js';
