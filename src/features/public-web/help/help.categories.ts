/** Help categories in page order, with their German headings. The API accepts only these keys. */
export const HELP_CATEGORIES = {
  'erste-schritte': 'Erste Schritte',
  konto: 'Konto & Anmeldung',
  hunde: 'Hunde & Profile',
  tagebuch: 'Tagebuch & Fotos',
  gesundheit: 'Gesundheit & Pflege',
  community: 'Community',
  karte: 'Karte & Orte',
  tarife: 'Tarife & Zahlung',
  app: 'App & Installation',
  datenschutz: 'Datenschutz & Sicherheit',
  sonstiges: 'Sonstiges',
} as const;

export type HelpCategory = keyof typeof HELP_CATEGORIES;
export const HELP_CATEGORY_KEYS = Object.keys(HELP_CATEGORIES) as [HelpCategory, ...HelpCategory[]];
