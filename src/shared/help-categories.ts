/**
 * Help categories in page order, with their German headings: the server's API accepts only these keys and /help
 * shows them in this order; the admin screen offers them (plain data, no imports, like labels.ts).
 */
export const HELP_CATEGORIES = {
  'erste-schritte': 'Erste Schritte',
  konto: 'Konto & Anmeldung',
  hunde: 'Hunde & Profile',
  tagebuch: 'Tagebuch & Fotos',
  gesundheit: 'Gesundheit & Pflege',
  'erste-hilfe': 'Erste Hilfe',
  community: 'Community',
  karte: 'Karte & Orte',
  tarife: 'Tarife & Zahlung',
  app: 'App & Installation',
  datenschutz: 'Datenschutz & Sicherheit',
  sonstiges: 'Sonstiges',
} as const;

export type HelpCategory = keyof typeof HELP_CATEGORIES;
export const HELP_CATEGORY_KEYS = Object.keys(HELP_CATEGORIES) as [HelpCategory, ...HelpCategory[]];
