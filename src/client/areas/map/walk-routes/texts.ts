/** German texts of the route planner (du-form). */
export const routesTexts = {
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
  nearby: {
    title: 'In der Nähe',
    fromHome: 'Routen, die um dein Heimatgebiet starten: geteilte und deine eigenen.',
    fromCurrent: 'Routen, die um deine aktuelle Position starten: geteilte und deine eigenen.',
    noPosition: 'Wo sollen wir suchen? Verwende deine aktuelle Position oder leg im Profil dein Heimatgebiet fest.',
    none: (radius: number) => `Im Umkreis von ${radius} km startet noch keine Route. Versuch einen größeren Umkreis.`,
    away: (km: number) =>
      km < 0.05 ? 'Start unter 0,1 km entfernt' : `Start ${km.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km entfernt`,
    mine: 'deine',
    shared: 'geteilt',
  },
};
