import { mapItemTexts } from '../../../ui/map/texts.js';

/** German texts of the place forms (du-form); the map wing's shared words come from ui/map. */
export const placesTexts = {
  ...mapItemTexts,
  placeEdit: 'Ort ändern',
  placeNew: 'Neuer Ort',
  placeName: 'Name',
  placeTypes: 'Was ist dort? (mehrere möglich)',
  placeTypesMissing: 'Bitte wähl mindestens einen Typ.',
  placePublic: 'Für alle sichtbar',
  placePublicHint: 'Sonst siehst nur du den Ort.',
  placeSave: 'Ort speichern',
};
