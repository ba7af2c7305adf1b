/** German texts of the welcome dashboard. */
export const tx = {
  hello: (name: string) => (name ? `Hallo ${name}!` : 'Hallo!'),
  welcomeTitle: 'Willkommen im Pfotenbuch',
  welcomeText: 'Leg deinen ersten Hund an. Danach zeigt dir diese Seite jeden Tag ein Foto aus seinem Tagebuch.',
  addDog: 'Ersten Hund anlegen',
  dailyTitle: (name: string) => `${name}: Foto des Tages`,
  dailyAlt: (name: string, date: string) => `${name} am ${date}`,
  noPhoto: (name: string) => `Noch keine Fotos von ${name} im Tagebuch.`,
  writeEntry: 'Eintrag mit Foto schreiben',
  onThisDay: 'An diesem Tag',
  yearsAgo: (n: number) => (n === 1 ? 'vor einem Jahr' : `vor ${n} Jahren`),
  recent: 'Zuletzt im Tagebuch',
  dueSoon: 'Bald fällig',
  toDiary: 'Zum Tagebuch',
  toDogs: 'Deine Hunde',
};
