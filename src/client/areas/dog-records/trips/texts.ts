import type { TripCheck } from '../../../api/types.js';

/** German texts of the trips screen (du-form). */
export const tripsTexts = {
  title: (name: string) => `Reise: ${name}`,
  fallback: 'Reise',
  plan: 'Reise planen',
  country: 'Reiseziel',
  chooseCountry: '– Land wählen –',
  entry: 'Einreise (Tag und Uhrzeit)',
  return: 'Rückkehr (optional)',
  save: 'Reise speichern',
  none: 'Noch keine Reise geplant.',
  status: { ok: 'erledigt', todo: 'offen', blocked: 'so nicht machbar' } satisfies Record<TripCheck['status'], string>,
  labels: {
    chip: 'Mikrochip',
    rabies: 'Tollwutimpfung',
    passport: 'EU-Heimtierausweis',
    ahc: 'Tiergesundheitsbescheinigung',
    tapeworm: 'Bandwurmbehandlung',
    titer: 'Tollwut-Antikörpertest',
  } satisfies Record<TripCheck['code'], string>,
  ready: 'Alles erledigt – gute Reise!',
  readyFrom: (day: string) => `So nicht machbar. Frühestens ab ${day}.`,
  open: 'Noch offen – siehe unten.',
  treated: 'Bandwurmbehandlung am (Tag und Uhrzeit)',
  ahcIssued: 'Bescheinigung ausgestellt am',
  saveTreatment: 'Eintragen',
  sheet: 'Reiseblatt (PDF)',
  remove: 'Reise löschen',
  disclaimer:
    'Eine Hilfe, keine amtliche Bescheinigung und keine Rechtsberatung: wir prüfen nur deine Einträge. Maßgeblich sind der Heimtierausweis, deine Tierarztpraxis und die Behörden des Reiselands.',
};
