/** The kinds the nearby screen shows, with how one item reads and where it leads. */
export interface NearbyItem {
  id: number;
  lat: number;
  lon: number;
  created_at: string;
  distance_km: number;
  mine: boolean;
  [field: string]: unknown;
}

export interface KindView {
  path: string;
  label: string;
  glyph: string;
  title(item: NearbyItem): string;
  href(item: NearbyItem): string;
}

const s = (v: unknown) => (typeof v === 'string' ? v : '');
const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const when = (iso: unknown) =>
  typeof iso === 'string' ? new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }) : '';
/** The card of a listing kind (LISTING_PAGES in routes.ts). */
const card = (slug: string) => (i: NearbyItem) => `/app/${slug}/${i.id}`;

export const KINDS: KindView[] = [
  { path: 'poison-warnings', label: 'Giftköder', glyph: '!', title: (i) => s(i.description).slice(0, 80), href: (i) => `/app/giftkoeder/${i.id}` },
  { path: 'lost-dogs', label: 'Vermisste Hunde', glyph: '?', title: (i) => `${s(i.name)} vermisst`, href: (i) => `/app/vermisst/${i.id}` },
  { path: 'playdates', label: 'Spieltreffen', glyph: 'S', title: (i) => `${s(i.title)} · ${when(i.starts_at)}`, href: card('treffen') },
  { path: 'events', label: 'Veranstaltungen', glyph: 'V', title: (i) => `${s(i.title)} · ${when(i.starts_at)}`, href: card('veranstaltungen') },
  {
    path: 'walk-slots',
    label: 'Gassizeiten',
    glyph: 'G',
    title: (i) => `${WEEKDAYS[Number(i.weekday)] ?? ''} ${s(i.start_time)}–${s(i.end_time)} ${s(i.place_name)}`.trim(),
    href: card('gassizeiten'),
  },
  { path: 'adoptions', label: 'Vermittlung', glyph: 'A', title: (i) => s(i.title), href: card('vermittlung') },
  {
    path: 'sitting',
    label: 'Betreuung',
    glyph: 'B',
    title: (i) => `${i.type === 'offer' ? 'Biete' : 'Suche'}: ${s(i.description).slice(0, 60)}`,
    href: card('betreuung'),
  },
  { path: 'services', label: 'Dienstleister', glyph: 'D', title: (i) => s(i.name), href: card('dienstleister') },
];
