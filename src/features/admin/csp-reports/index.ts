/** Content-Security-Policy violation reports: the endpoint browsers post to, and the admin list (core counts them). */
export { cspReportsRoutes } from './csp-reports.routes.js';
