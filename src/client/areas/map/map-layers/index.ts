/** The map with its layers (vets, dog parks, water from OpenStreetMap), venue search and the dog-welcome tap. */
export { MapLayersScreen } from './map-layers.js';
