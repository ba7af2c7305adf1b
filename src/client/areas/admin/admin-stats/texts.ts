/** German texts of the panel home and the statistics (admin and moderator panel). */
export const tx = {
  homeTitle: 'Verwaltung',
  homeIntroAdmin: 'Partnercodes, Nutzer, Upgrade-Anfragen und Rechnungen.',
  homeIntroModerator: 'Als Moderator kannst du Nutzer suchen und sperren. E-Mail-Adressen siehst du gekürzt.',
  sections: {
    codes: 'Partnercodes',
    users: 'Nutzer',
    upgrades: 'Upgrade-Anfragen',
    invoices: 'Rechnungen',
    jobs: 'Geplante Aufgaben',
    moderation: 'Meldungen',
    settings: 'Einstellungen (Impressum, Rechnungen, Preise)',
    stats: 'Statistik',
    ipBlocks: 'Gesperrte Adressen',
    cspReports: 'CSP-Meldungen',
  },
  stats: {
    title: 'Statistik',
    users: 'Konten',
    dogs: 'Hunde',
    entries: 'Tagebucheinträge',
    places: 'Orte der Community',
    byTier: 'Konten nach Tarif',
    placesByType: 'Orte nach Typ (ein Ort zählt für jeden seiner Typen)',
    osmCached: 'Punkte aus OpenStreetMap im Zwischenspeicher',
    contributions: 'Kartenbeiträge nach Stand',
    none: 'Noch nichts.',
    tiers: { free: 'Free', pro: 'Pro', breeder: 'Züchter', breeder_test: 'Züchter (Test)' } as Record<string, string>,
    layers: { vet: 'Tierärzte', groomer: 'Hundesalons', dog_friendly: 'Hunde willkommen', dog_park: 'Hundewiesen', water: 'Trinkwasser' } as Record<
      string,
      string
    >,
  },
  todo: (n: number) => (n === 1 ? '1 offen' : `${n} offen`),
};
