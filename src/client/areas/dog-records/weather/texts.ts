/** German texts of the walk-weather card (the DWD's warnings for the home area, issue 52). */
export const wx = {
  title: (place: string | null) => (place ? `Wetterwarnung für ${place}` : 'Wetterwarnung'),
  awayTitle: 'Wetterwarnungen',
  // The service could not be reached and there is no earlier list: say so, so "no card" is not read as "no warning".
  away: 'Die amtlichen Wetterwarnungen sind gerade nicht erreichbar – wir versuchen es in ein paar Minuten wieder.',
  stale: (date: string) => `Stand vom ${date}: der Wetterdienst ist gerade nicht erreichbar, neuere Warnungen können fehlen.`,
  from: (date: string) => `ab ${date}`,
  until: (date: string) => `bis ${date}`,
  forTheDog: 'Für deinen Hund',
  details: 'Was der Wetterdienst schreibt',
  // GeoNutzV: the source is named wherever a warning shows.
  source: 'Quelle: Deutscher Wetterdienst',
};
