/** German texts of the in-app help. */
export const helpTexts = {
  title: 'Hilfe',
  lead: 'Antworten auf häufige Fragen. Tipp eine Frage an, um die Antwort zu lesen.',
  emptyTitle: 'Noch keine Hilfe-Artikel.',
  emptyText: 'Schau bald wieder vorbei.',
};

/** German texts of the admin screen for help articles. */
export const helpAdminTexts = {
  screenTitle: 'Hilfe-Artikel',
  intro: 'Die Artikel der Hilfe-Seite, nach Kategorie in der Reihenfolge, in der sie dort stehen. Nur aktive Artikel sind zu sehen.',
  newButton: 'Neuer Artikel',
  newTitle: 'Neuer Artikel',
  editTitle: 'Artikel bearbeiten',
  category: 'Kategorie',
  title: 'Frage oder Titel',
  body: 'Antwort',
  bodyHint: 'Klartext. Eine Leerzeile beginnt einen neuen Absatz.',
  active: 'Aktiv (auf der Hilfe-Seite zeigen)',
  save: 'Speichern',
  cancel: 'Abbrechen',
  empty: 'Noch keine Hilfe-Artikel.',
  isActive: 'aktiv',
  isInactive: 'inaktiv',
  edit: 'Bearbeiten',
  activate: 'Aktivieren',
  deactivate: 'Deaktivieren',
  up: 'Nach oben',
  down: 'Nach unten',
  created: (title: string) => `„${title}“ angelegt.`,
  changed: (title: string) => `„${title}“ gespeichert.`,
  activated: (title: string) => `„${title}“ ist jetzt auf der Hilfe-Seite.`,
  deactivated: (title: string) => `„${title}“ ist nicht mehr auf der Hilfe-Seite.`,
  moved: (title: string) => `„${title}“ verschoben.`,
};
