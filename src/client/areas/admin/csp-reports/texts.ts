/** German texts of the CSP report list (admin and moderator panel). */
export const cspReportsTexts = {
  cspReports: {
    title: 'CSP-Meldungen',
    intro:
      'Was die Browser in den letzten 30 Tagen nach unserer Sicherheitsrichtlinie (CSP) blockiert haben. Im Normalbetrieb bleibt die Liste leer. Viele Meldungen einer Art heißen: eine Seite ist kaputt, oder jemand versucht, fremden Code einzuschleusen.',
    empty: 'Keine Meldungen in den letzten 30 Tagen.',
    directive: 'Regel',
    blocked: 'Blockiert',
    page: 'Seite',
    count: 'Anzahl',
    last: 'Zuletzt',
  },
};
