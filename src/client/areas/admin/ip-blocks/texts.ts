/** German texts of the blocked addresses (admin and moderator panel). */
export const ipBlocksTexts = {
  ipBlocks: {
    title: 'Gesperrte Adressen',
    intro:
      'Adressen, die die unsichtbare Falle für Scraper aufgerufen haben. Gesperrt sind nur Anfragen ohne Anmeldung: wer angemeldet ist oder sich anmeldet, kommt weiter durch. Jeder weitere Treffer verlängert die Sperre.',
    empty: 'Gerade ist keine Adresse gesperrt.',
    ip: 'Adresse',
    reason: 'Grund',
    hits: 'Treffer',
    first: 'Erster Treffer',
    last: 'Letzter Treffer',
    until: 'Gesperrt bis',
    actions: 'Aktionen',
    lift: 'Sperre aufheben',
    liftTitle: (ip: string) => `Sperre für ${ip} aufheben?`,
    liftText: 'Die Adresse kann danach wieder alles aufrufen. Andere Server übernehmen das binnen 30 Sekunden.',
    lifted: (ip: string) => `Die Sperre für ${ip} ist aufgehoben.`,
  },
};
