/** German texts of the moderation queue (admin and moderator panel). */
export const moderationTexts = {
  title: 'Meldungen',
  forum: 'Forum',
  map: 'Karte (Giftköder, Vermisste, Treffen …)',
  people: 'Personen',
  messages: 'Nachrichten (mit Zusammenhang, nur für die Moderation)',
  empty: 'Keine offenen Meldungen. 🎉',
  reason: 'Grund',
  by: 'Gemeldet von',
  author: 'Beitrag von',
  inThread: 'Im Thema',
  dismiss: 'Verwerfen',
  hide: 'Ausblenden',
  delete: 'Löschen',
};
