import { z } from 'zod';

/**
 * Walk weather (issue 52, decisions "Walk weather and hazards"): the official warnings of the Deutscher Wetterdienst,
 * as Bright Sky serves them (upstreams.md §3.3), and what each means for a dog.
 */

/** GeoNutzV: the source is named wherever a warning shows. */
export const DWD_SOURCE = 'Deutscher Wetterdienst';
export const DWD_ATTRIBUTION = 'Quelle: Deutscher Wetterdienst';

export const AlertKind = z.enum(['heat', 'thunderstorm', 'storm', 'frost', 'ice', 'other']);
export type AlertKind = z.infer<typeof AlertKind>;

export const Severity = z.enum(['minor', 'moderate', 'severe', 'extreme']);
export type Severity = z.infer<typeof Severity>;

/** One warning as the app keeps it (the cell's list in weather_cell_alerts) and shows it. */
export const StoredAlert = z.object({
  /** The CAP message id: one warning, one push. */
  id: z.string(),
  event: z.string(),
  kind: AlertKind,
  headline: z.string(),
  description: z.string(),
  instruction: z.string().nullable(),
  severity: Severity.nullable(),
  onset: z.string(),
  expires: z.string().nullable(),
});
export type StoredAlert = z.infer<typeof StoredAlert>;

/**
 * The kind from the DWD's German event label ("STARKE HITZE", "SCHWERES GEWITTER mit ORKANBÖEN", "GLÄTTE", "FROST"):
 * the labels are the documented field (event_de), the codes behind them change with the DWD's catalogue. A
 * thunderstorm with gusts is a thunderstorm first (the fear is the dog's bigger problem than the wind).
 */
export function kindOfEvent(eventDe: string | null | undefined, eventEn: string | null | undefined): AlertKind {
  const de = (eventDe ?? '').toUpperCase();
  const en = (eventEn ?? '').toLowerCase();
  if (de.includes('HITZE') || en.includes('heat')) return 'heat';
  if (de.includes('GEWITTER') || en.includes('thunderstorm')) return 'thunderstorm';
  if (de.includes('GLÄTTE') || de.includes('GLATTEIS') || en.includes('icy') || en.includes('black ice') || en.startsWith('ice')) return 'ice';
  if (de.includes('FROST') || en.includes('frost')) return 'frost';
  if (de.includes('STURM') || de.includes('ORKAN') || de.includes('WINDBÖEN') || en.includes('gust') || en.includes('storm') || en.includes('hurricane'))
    return 'storm';
  return 'other';
}

/** What the warning means for the walk, in the app's words (decisions: heat, thunderstorm, storm, frost, black ice). */
export const DOG_HINTS: Record<AlertKind, string> = {
  heat: 'Asphalt kann über 50 °C heiß werden: geh früh oder spät, prüf den Boden mit der Hand. Lass deinen Hund nie im Auto, auch nicht kurz, und nimm Wasser für euch beide mit.',
  thunderstorm:
    'Viele Hunde haben Angst vor Donner: geh die Runde vorher, nimm die Leine (ein erschrockener Hund läuft weg) und gib ihm zu Hause einen ruhigen Rückzugsort.',
  storm: 'Herabfallende Äste: meide Wald, Parks und Alleen, bleib auf freien Wegen und lass deinen Hund an der Leine.',
  frost: 'Kurze Runden für kleine, alte und kurzhaarige Hunde, ein Mantel hilft. Lass ihn nicht auf zugefrorene Teiche: das Eis trägt oft nicht.',
  ice: 'Streusalz reizt die Pfoten: nach der Runde mit lauwarmem Wasser abspülen, Pfotenbalsam schützt. Lass ihn keinen Schnee vom Streuweg fressen.',
  other: 'Pass die Runde ans Wetter an und bleib in der Nähe.',
};

/** Pushed: severity moderate or above of the events that change a walk (decisions). */
export function isPushWorthy(alert: StoredAlert): boolean {
  return alert.kind !== 'other' && (alert.severity === 'moderate' || alert.severity === 'severe' || alert.severity === 'extreme');
}

/** A warning still holds at `now` (expires null: until further notice). */
export const stillHolds = (alert: StoredAlert, now: Date): boolean => alert.expires === null || Date.parse(alert.expires) > now.getTime();

/** The home area rounded to 0.01° (about 1 km): users nearby share one look-up of their warn cell. */
export const placeKey = (lat: number, lon: number) => ({ lat_e2: Math.round(lat * 100), lon_e2: Math.round(lon * 100) });
