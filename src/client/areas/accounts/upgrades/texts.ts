/** German texts of the upgrade requests (admin and moderator panel). */
export const upgradesTexts = {
  upgrades: {
    title: 'Upgrade-Anfragen',
    filter: 'Status',
    statuses: { open: 'offen', fulfilled: 'erledigt', rejected: 'abgelehnt', withdrawn: 'zurückgezogen' } as Record<string, string>,
    emptyTitle: 'Keine Anfragen',
    emptyText: 'Hier ist gerade nichts zu tun.',
    wants: 'Wunsch',
    current: 'Aktuell',
    message: 'Nachricht',
    created: 'Seit',
    tier: 'Tarif setzen',
    tierLabel: (name: string) => `Tarif für ${name}`,
    fulfil: 'Freischalten',
    reject: 'Ablehnen',
    reason: 'Begründung (optional)',
    rejectTitle: (name: string) => `Anfrage von ${name} ablehnen?`,
    fulfilled: (name: string) => `${name} ist freigeschaltet.`,
    rejected: (name: string) => `Anfrage von ${name} abgelehnt.`,
    tiers: { free: 'Free', pro: 'Pro', breeder: 'Züchter', breeder_test: 'Züchter (Test)' } as Record<string, string>,
  },
};
