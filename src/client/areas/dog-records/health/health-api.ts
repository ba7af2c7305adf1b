/** The health answers as the server sends them: generated from its schemas (src/client/api/types.ts). */
export type {
  Allergy,
  EmergencyCard,
  Finding,
  HealthDocument,
  Medication,
  SharedDog,
  Vaccination,
  VetPractice,
  VetVisit,
  Weight,
  DogMember as Member,
  DogInvitation as Invitation,
} from '../../../api/types.js';
