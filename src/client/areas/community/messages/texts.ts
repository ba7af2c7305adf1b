/** German texts of the messages screens (du-form). */
export const messagesTexts = {
  messages: 'Nachrichten',
  conversations: 'Nachrichten',
  noConversations: 'Noch keine Nachrichten. Schreib einer Freundin oder einem Freund.',
  unread: (n: number) => (n === 1 ? '1 ungelesen' : `${n} ungelesen`),
  chatWith: (name: string) => `Chat mit ${name}`,
  chat: 'Chat',
  noMessages: 'Schreib die erste Nachricht.',
  messageLabel: 'Nachricht',
  send: 'Senden',
  sendHint: 'Enter sendet, Umschalt+Enter macht eine neue Zeile.',
  you: 'Du',
  older: 'Ältere Nachrichten laden',
};

/** German texts of message reports: the button in the chat and the moderators' queue. */
export const messageReportTexts = {
  report: 'Melden',
  queueTitle: 'Nachrichten',
  empty: 'Keine gemeldeten Nachrichten.',
  by: 'Gemeldet von',
  reason: 'Grund',
  from: 'Nachricht von',
  context: 'Im Zusammenhang (nur diese Unterhaltung)',
  reported: 'gemeldet',
  suspended: 'gesperrt',
  dismiss: 'Verwerfen',
  suspend: 'Absender sperren',
};
