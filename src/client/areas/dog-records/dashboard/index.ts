export { DashboardScreen } from './dashboard.js';
