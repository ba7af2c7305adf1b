/** The dogs area's screens (one chunk). */
export { DogListScreen } from './dog-list.js';
export { DogCreateScreen } from './dog-create.js';
export { DogEditScreen } from './dog-edit.js';
export { DogProfileScreen } from './dog-profile.js';
