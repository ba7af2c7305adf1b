/** Places one keeps on the map (private or public): the create and edit forms. */
export { PlaceCreateScreen, PlaceEditScreen } from './place-form.js';
