/** The health area's screens (one chunk). */
export { HealthScreen } from './health.js';
export { FamilyScreen, InvitationsScreen } from './family.js';
export { EmergencyCardScreen } from './emergency.js';
