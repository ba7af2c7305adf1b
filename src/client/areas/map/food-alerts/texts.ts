/** German texts of the food alerts (pet-food warnings from lebensmittelwarnung.de). */
export const foodAlertsTexts = {
  title: 'Futterwarnungen',
  cardTitle: 'Futterwarnungen',
  intro: 'Aktuelle Rückrufe und Warnungen zu Tierfutter und Hundesnacks von lebensmittelwarnung.de.',
  none: 'Gerade gibt es keine Warnungen zu Tierfutter.',
  unreachable: 'Die Futterwarnungen sind gerade nicht erreichbar. Schau später noch mal rein.',
  retry: 'Noch mal versuchen',
  // The server could not reach lebensmittelwarnung.de (it asks again by itself after a few minutes).
  feedAway: 'Die Futterwarnungen sind gerade nicht erreichbar – wir versuchen es später wieder.',
  stale: (date: string) => `Stand vom ${date}: lebensmittelwarnung.de ist gerade nicht erreichbar, neuere Warnungen können fehlen.`,
  all: (n: number) => (n === 1 ? 'Die Warnung ansehen' : `Alle ${n} Warnungen ansehen`),
  published: (date: string) => `veröffentlicht am ${date}`,
  details: 'Details bei lebensmittelwarnung.de',
  // The visible words first: a screen reader's name must contain what is shown (WCAG 2.5.3).
  detailsOf: (title: string) => `Details bei lebensmittelwarnung.de: ${title} (öffnet neues Fenster)`,
  product: 'Produkt',
  reason: 'Grund',
  source: 'Quelle: lebensmittelwarnung.de, stündlich aktualisiert.',
  back: 'Zur Startseite',
};
