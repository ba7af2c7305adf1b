import { LIMITS } from '#shared/limits.js';
import type { BodyOf, MapItemKind, PathOf } from '../../../../core/api-types.js';
import { selectOptions } from '../../../../ui/select-options.js';
/**
 * The map kinds that are a form and a card (playdates, events, walk slots, adoption listings, sitting, services):
 * one description each drives the create form, the detail card and the links. The server's zod schemas are the
 * truth; these are their fields in German.
 */

export type FieldKind = 'text' | 'textarea' | 'datetime' | 'date' | 'time' | 'number' | 'select' | 'tel' | 'url';

/** The fields a kind's create (POST /api/<kind>) takes, read from the document. */
type FieldName<K extends MapItemKind> = `/api/${K}` extends infer P extends PathOf<'post'> ? keyof BodyOf<P, 'post'> & string : never;

export interface FieldSpec<N extends string = string> {
  /** The body field it fills (checked against the kind's create body, see `listing`). */
  name: N;
  label: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  options?: { value: string; label: string }[];
  /** The select's value is a number on the wire (weekday). */
  numeric?: boolean;
  min?: string;
  max?: string;
  hint?: string;
}

export interface ListingSpec<K extends MapItemKind = MapItemKind> {
  /** API path (/api/<path>, checked against the document) and the kind's key on the nearby screen. */
  path: K;
  /** The app's path: /app/<slug>/neu and /app/<slug>/<id>. */
  slug: string;
  label: string;
  createTitle: string;
  submit: string;
  fields: FieldSpec<K extends MapItemKind ? FieldName<K> : string>[];
  heading(item: Record<string, unknown>): string;
}

/** One kind's description, its field names checked against that kind's create body; stored as a plain ListingSpec. */
const listing = <K extends MapItemKind>(spec: ListingSpec<K>): ListingSpec => spec as unknown as ListingSpec;

export const WEEKDAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const SERVICE_CATEGORIES: Record<string, string> = {
  tierarzt: 'Tierarzt',
  tierklinik: 'Tierklinik',
  hundesalon: 'Hundesalon',
  hundeschule: 'Hundeschule',
  hundepension: 'Hundepension',
  tierbedarf: 'Tierbedarf',
  physiotherapie: 'Physiotherapie',
  sonstiges: 'Sonstiges',
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export const LISTINGS: ListingSpec[] = [
  listing({
    path: 'playdates',
    slug: 'treffen',
    label: 'Spieltreffen',
    createTitle: 'Spieltreffen anlegen',
    submit: 'Treffen anlegen',
    fields: [
      { name: 'title', label: 'Titel', kind: 'text', required: true, maxLength: LIMITS.title },
      { name: 'starts_at', label: 'Beginn', kind: 'datetime', required: true },
      { name: 'place_name', label: 'Treffpunkt', kind: 'text', maxLength: LIMITS.title },
      { name: 'max_dogs', label: 'Höchstens so viele Hunde', kind: 'number', min: '2', max: '50', hint: 'Leer lassen: keine Grenze' },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', maxLength: LIMITS.body },
    ],
    heading: (i) => text(i.title),
  }),
  listing({
    path: 'events',
    slug: 'veranstaltungen',
    label: 'Veranstaltung',
    createTitle: 'Veranstaltung eintragen',
    submit: 'Veranstaltung eintragen',
    fields: [
      { name: 'title', label: 'Titel', kind: 'text', required: true, maxLength: LIMITS.title },
      { name: 'starts_at', label: 'Beginn', kind: 'datetime', required: true },
      { name: 'ends_at', label: 'Ende', kind: 'datetime' },
      { name: 'place_name', label: 'Ort', kind: 'text', maxLength: LIMITS.title },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', maxLength: LIMITS.body },
    ],
    heading: (i) => text(i.title),
  }),
  listing({
    path: 'walk-slots',
    slug: 'gassizeiten',
    label: 'Gassizeit',
    createTitle: 'Gassizeit eintragen',
    submit: 'Gassizeit eintragen',
    fields: [
      {
        name: 'weekday',
        label: 'Wochentag',
        kind: 'select',
        required: true,
        numeric: true,
        options: WEEKDAYS.map((label, i) => ({ value: String(i), label })),
      },
      { name: 'start_time', label: 'Von', kind: 'time', required: true },
      { name: 'end_time', label: 'Bis', kind: 'time', required: true },
      { name: 'place_name', label: 'Wo (z. B. „Volkspark, große Wiese“)', kind: 'text', maxLength: LIMITS.title },
    ],
    heading: (i) => `${WEEKDAYS[Number(i.weekday)] ?? ''}, ${text(i.start_time)}–${text(i.end_time)} Uhr`,
  }),
  listing({
    path: 'adoptions',
    slug: 'vermittlung',
    label: 'Vermittlung',
    createTitle: 'Hund zur Vermittlung eintragen',
    submit: 'Anzeige veröffentlichen',
    fields: [
      { name: 'title', label: 'Titel', kind: 'text', required: true, maxLength: LIMITS.title },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', required: true, maxLength: LIMITS.body },
      { name: 'breed', label: 'Rasse', kind: 'text', maxLength: LIMITS.dogName },
      { name: 'birth_date', label: 'Geburtsdatum (ungefähr reicht)', kind: 'date' },
      { name: 'sex', label: 'Geschlecht', kind: 'select', options: selectOptions({ male: 'Rüde', female: 'Hündin' }, 'weiß nicht') },
      { name: 'contact', label: 'Kontakt', kind: 'text', maxLength: LIMITS.title },
    ],
    heading: (i) => text(i.title),
  }),
  listing({
    path: 'sitting',
    slug: 'betreuung',
    label: 'Betreuung',
    createTitle: 'Betreuung anbieten oder suchen',
    submit: 'Veröffentlichen',
    fields: [
      {
        name: 'type',
        label: 'Was?',
        kind: 'select',
        required: true,
        options: selectOptions({ offer: 'Ich biete Betreuung an', request: 'Ich suche Betreuung' }),
      },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', required: true, maxLength: LIMITS.body },
      { name: 'available_from', label: 'Ab', kind: 'date' },
      { name: 'available_until', label: 'Bis', kind: 'date' },
      { name: 'price_note', label: 'Preis (z. B. „15 € am Tag“)', kind: 'text', maxLength: LIMITS.title },
    ],
    heading: (i) => (i.type === 'offer' ? 'Biete Betreuung' : 'Suche Betreuung'),
  }),
  listing({
    path: 'services',
    slug: 'dienstleister',
    label: 'Dienstleister',
    createTitle: 'Dienstleister eintragen',
    submit: 'Eintragen',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: LIMITS.title },
      { name: 'category', label: 'Kategorie', kind: 'select', required: true, options: selectOptions(SERVICE_CATEGORIES) },
      { name: 'address', label: 'Adresse', kind: 'text', maxLength: 300 },
      { name: 'phone', label: 'Telefon', kind: 'tel', maxLength: 50 },
      { name: 'url', label: 'Webseite', kind: 'url', maxLength: 500 },
      { name: 'opening_hours', label: 'Öffnungszeiten', kind: 'text', maxLength: 500, hint: 'z. B. „Mo–Fr 9–18 Uhr“' },
      { name: 'description', label: 'Beschreibung', kind: 'textarea', maxLength: LIMITS.body },
    ],
    heading: (i) => text(i.name),
  }),
];

export const listingBySlug = (slug: string): ListingSpec | undefined => LISTINGS.find((l) => l.slug === slug);
export const SERVICE_CATEGORY_LABELS = SERVICE_CATEGORIES;

/** The form's strings as the API wants them: numbers, ISO instants, and empty optional fields left out. */
export function toBody(spec: ListingSpec, values: Record<string, string | boolean>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const raw = String(values[f.name] ?? '').trim();
    if (!raw) continue;
    if (f.kind === 'number' || f.numeric) body[f.name] = Number(raw);
    else if (f.kind === 'datetime') body[f.name] = new Date(raw).toISOString();
    else body[f.name] = raw;
  }
  return body;
}

/**
 * The body of a change: every field, an emptied optional one as null (the server clears it); required ones are
 * never empty (the form checks them).
 */
export function toPatchBody(spec: ListingSpec, values: Record<string, string | boolean>): Record<string, unknown> {
  const filled = toBody(spec, values);
  return Object.fromEntries(spec.fields.filter((f) => f.name in filled || !f.required).map((f) => [f.name, f.name in filled ? filled[f.name] : null]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An item's values as the form shows them: a moment as local YYYY-MM-DDTHH:MM (datetime-local), null as empty. */
export function valuesOf(spec: ListingSpec, item: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    spec.fields.map((f) => {
      const v = item[f.name];
      if (v === null || v === undefined) return [f.name, ''];
      if (f.kind === 'datetime') {
        const d = new Date(String(v));
        return [f.name, `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`];
      }
      return [f.name, String(v)];
    }),
  );
}

/** The first value of every field: the first option of a required select, otherwise empty. */
export function initialValues(spec: ListingSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.kind === 'select' && f.required ? (f.options?.[0]?.value ?? '') : '']));
}
