import { formatKm } from '../../../core/format.js';
const TRACK_HINT = 'Solange diese Seite offen ist, zeichnen wir deinen Weg auf, wenn du die Position freigibst.';
const TRACK_PAUSED = 'Gerade keine Position: wir speichern den Weg bis hier und die ganze Dauer.';
const NO_TRACK = 'Ohne Position: wir speichern nur die Dauer.';

/** German texts of the walks: the recorder, the list and the weekly totals (du-form). */
export const walksTexts = {
  walksTitle: 'Spaziergänge',
  whichDogs: 'Wer kommt mit?',
  noDogs: 'Leg zuerst einen Hund an.',
  dogsMissing: 'Wähl mindestens einen Hund.',
  start: 'Spaziergang starten',
  stop: 'Beenden und speichern',
  cancel: 'Verwerfen',
  /** The distance only with a track: "0 km" beside "Ohne Position" contradicted itself. */
  running: (min: number, metres: number | null) => `Unterwegs seit ${min} Min.${metres !== null ? ` · ${formatKm(metres)}` : ''}`,
  /** What the recorder says about positions: recording, lost after a part of the way, or none at all. */
  trackNote: (hasTrack: boolean, geo: 'on' | 'off') => (geo === 'on' ? TRACK_HINT : hasTrack ? TRACK_PAUSED : NO_TRACK),
  walkSaved: 'Spaziergang gespeichert. Gut gemacht!',
  resumed: (since: string) => `Dein Spaziergang von ${since} läuft weiter.`,
  queuedLabel: (when: string, min: number) => `Spaziergang ${when}, ${min} Min.`,
  addLater: 'Spaziergang nachtragen',
  startedAt: 'Wann ging es los?',
  duration: 'Dauer (Minuten)',
  distance: 'Strecke (km, optional)',
  add: 'Nachtragen',
  weekly: 'Wochenübersicht',
  week: 'Woche ab',
  dog: 'Hund',
  count: 'Runden',
  total: 'Strecke',
  time: 'Zeit',
  noWeekly: 'Noch keine Spaziergänge in den letzten Wochen.',
  recent: 'Letzte Spaziergänge',
  noWalks: 'Noch keine Spaziergänge. Los geht’s!',
  walkLine: (min: number, m: number | null) => `${min} Min.${m !== null ? ` · ${formatKm(m)}` : ''}`,
  toPlanner: 'Route planen',
};
