/** Upgrade requests (breeder, proof of status), decided by admins. */
export { UpgradeRequestsScreen } from './upgrade-requests.js';
