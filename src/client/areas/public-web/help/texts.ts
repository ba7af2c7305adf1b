/** German texts of the in-app help. */
export const tx = {
  title: 'Hilfe',
  lead: 'Antworten auf häufige Fragen. Tipp eine Frage an, um die Antwort zu lesen.',
  emptyTitle: 'Noch keine Hilfe-Artikel.',
  emptyText: 'Schau bald wieder vorbei.',
};
