/** The health area's screens (one chunk). */
import { ownerOnly } from '../../../ui/owner-only.js';
import { EmergencyCardScreen as EmergencyCardForm } from './emergency.js';
import { FamilyScreen as FamilyForm } from './family.js';

export { HealthScreen } from './health.js';
export { InvitationsScreen } from './family.js';
/** The emergency card and the family's invitations are the owner's: a caregiver gets a line, not a form. */
export const FamilyScreen = ownerOnly(FamilyForm);
export const EmergencyCardScreen = ownerOnly(EmergencyCardForm);
