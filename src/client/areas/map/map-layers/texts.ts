import { mapItemTexts } from '../../../ui/map/texts.js';

/** German texts of the map with layers, venue search and the dog-welcome tap (du-form); the map wing's shared words come from ui/map. */
export const mapLayersTexts = {
  ...mapItemTexts,
  placeAdd: 'Ort hinzufügen',
  layers: 'Ebenen',
  zoomIn: 'Zoom näher heran, um Tierärzte, Hundewiesen und mehr zu sehen.',
  loadingLayers: 'Karte wird geladen …',
  layersFailed: 'Kartendaten sind gerade nicht verfügbar. Versuch es später noch mal.',
  shown: (n: number) => (n === 1 ? '1 Ort im Ausschnitt' : `${n} Orte im Ausschnitt`),
  osmNote: 'Tierärzte, Salons, Hundewiesen und Trinkwasser kommen aus OpenStreetMap und können unvollständig sein.',
  search: 'Im Kartenausschnitt suchen',
  searchPlaceholder: 'z. B. Café Luitpold',
  searchGo: 'Suchen',
  searching: 'Suche läuft …',
  searchHits: (n: number) => (n === 0 ? 'Nichts gefunden. Versuch einen anderen Namen oder verschieb die Karte.' : n === 1 ? '1 Treffer' : `${n} Treffer`),
  searchClear: 'Treffer ausblenden',
  venueDog: (v: string) =>
    ({ yes: 'Hunde sind hier willkommen.', leashed: 'Hunde an der Leine willkommen.', no: 'Hunde sind hier leider nicht erlaubt.' })[v] ?? `Hunde: ${v}`,
  venueDogUnknown: 'Ob Hunde hier willkommen sind, ist noch nicht eingetragen.',
  venueOsm: 'Auf OpenStreetMap ansehen',
  venueClose: 'Schließen',
  welcomeButton: 'Hunde willkommen!',
  welcomeSending: 'Wird gemeldet …',
  welcomeHint: 'Nur wenn du es selbst erlebt hast. Wir tragen es bei OpenStreetMap ein.',
  welcomeThanks: 'Danke! Wir tragen es bei OpenStreetMap ein. Bleibt es 7 Tage stehen, zählt es für dein Pro-Jahr.',
  welcomeAlready: 'Danke! Der Ort hat schon einen Eintrag zu Hunden, daran ändern wir nichts.',
  myContributions: 'Meine Beiträge',
  routePlanner: 'Route planen',
  walks: 'Spaziergänge',
};
