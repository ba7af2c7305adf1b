/** German texts of the route planner (du-form). */
export const wx = {
  plannerTitle: 'Route planen',
  plannerHint: 'Tipp auf die Karte, um Punkte zu setzen (2 bis 25). Die Route führt über Fußwege.',
  points: (n: number) => (n === 1 ? '1 Punkt gesetzt' : `${n} Punkte gesetzt`),
  undo: 'Letzten Punkt entfernen',
  reset: 'Neu anfangen',
  plan: 'Route berechnen',
  planning: 'Route wird berechnet …',
  minutes: (s: number) => {
    const min = Math.max(1, Math.round(s / 60));
    return min < 60 ? `${min} Min.` : `${Math.floor(min / 60)} Std. ${min % 60} Min.`;
  },
  remaining: (n: number) => (n === 1 ? 'Diese Woche kannst du noch 1 Route planen.' : `Diese Woche kannst du noch ${n} Routen planen.`),
  saveTitle: 'Route speichern',
  name: 'Name',
  share: 'Für alle sichtbar teilen',
  save: 'Speichern',
  saved: 'Route gespeichert.',
  myRoutes: 'Meine Routen',
  noRoutes: 'Noch keine Routen gespeichert.',
  gpx: 'GPX herunterladen',
  delete: 'Löschen',
  deleteTitle: (name: string) => `Route „${name}“ löschen?`,
  deleteText: 'Die Route verschwindet. Spaziergänge, die sie benutzt haben, bleiben.',
  publicBadge: 'geteilt',
  toWalks: 'Zu den Spaziergängen',
};
