/** The dogs area's screens (one chunk). */
import { DogEditScreen as DogEditForm } from './dog-edit.js';
import { ownerOnly } from '../../../ui/owner-only.js';

export { DogListScreen } from './dog-list.js';
export { DogCreateScreen } from './dog-create.js';
export { DogProfileScreen } from './dog-profile.js';
/** Editing a dog is the owner's (a caregiver who opens the address gets a line, not a form). */
export const DogEditScreen = ownerOnly(DogEditForm);
