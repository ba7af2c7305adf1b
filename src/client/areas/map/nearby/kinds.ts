import type { ListItem } from '../../../api/types.js';
import { kindGet, run } from '../../../core/api.js';
import type { MapItemKind } from '../../../core/api-types.js';
import type { Point } from '../../../ui/map/position.js';
import { nearbyTexts } from './texts.js';

/** One item found around a point, whatever its kind, as the nearby screen lists and pins it. */
export interface Found {
  /** The kind's path (KindView.path). */
  kind: string;
  id: number;
  lat: number;
  lon: number;
  created_at: string;
  distance_km: number;
  title: string;
  href: string;
  /** A poison warning's or lost dog's state, shown after its age; null for the other kinds. */
  state: string | null;
  /** An active warning (a poison warning not yet a false alarm, a dog still missing): listed first. */
  urgent: boolean;
  /** A service's category (the category filter); null for the other kinds. */
  category: string | null;
  /** A hazard's kind (poison, blue_green_algae, …: the hazard filter); null for the other kinds. */
  hazard: string | null;
  /** The pin's sign: the kind's, or the hazard kind's for a warning. */
  glyph: string;
}

/** One page of a kind's nearby list, nearest first; `next_cursor` asks for the next (null: the last). */
export interface FoundPage {
  items: Found[];
  next_cursor: string | null;
}

/** The kinds the nearby screen shows, with where one item leads and how to load them around a point, page by page. */
export interface KindView {
  path: string;
  label: string;
  glyph: string;
  href(id: number): string;
  near(at: Point, radiusKm: number, page: { limit: number; cursor?: string | null }): Promise<FoundPage>;
}

/** How one item of a kind reads; `I` is the item of the kind's list as the server answers it. */
interface KindSpec<I> {
  path: MapItemKind;
  label: string;
  glyph: string;
  href(id: number): string;
  title(item: I): string;
  state?(item: I): string;
  urgent?(item: I): boolean;
  category?(item: I): string;
  hazard?(item: I): string;
}

/** What the screen needs of every kind's item: a bound each kind's generated item type is checked against. */
type NearbyBase = { id: number; lat: number; lon: number; created_at: string; distance_km: number };

function kind<I extends NearbyBase>(spec: KindSpec<I>): KindView {
  return {
    path: spec.path,
    label: spec.label,
    glyph: spec.glyph,
    href: spec.href,
    near: async (at, radiusKm, page) => {
      const near = { lat: at.lat, lon: at.lon, radius_km: radiusKm, limit: page.limit, cursor: page.cursor };
      const r = await run(kindGet<{ items: I[]; next_cursor: string | null }>(`/api/${spec.path}`, { params: { query: near } }));
      const items = r.items.map((i) => ({
        kind: spec.path,
        id: i.id,
        lat: i.lat,
        lon: i.lon,
        created_at: i.created_at,
        distance_km: i.distance_km,
        title: spec.title(i),
        href: spec.href(i.id),
        state: spec.state?.(i) ?? null,
        urgent: spec.urgent?.(i) ?? false,
        category: spec.category?.(i) ?? null,
        hazard: spec.hazard?.(i) ?? null,
        glyph: (spec.hazard && nearbyTexts.hazardGlyphs[spec.hazard(i)]) || spec.glyph,
      }));
      return { items, next_cursor: r.next_cursor };
    },
  };
}

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const when = (iso: string) => new Date(iso).toLocaleString('de-DE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' });
/** The card of a listing kind (LISTING_PAGES in routes.ts). */
const card = (slug: string) => (id: number) => `/app/${slug}/${id}`;

export const KINDS: KindView[] = [
  kind<ListItem<'getPoisonWarnings'>>({
    path: 'poison-warnings',
    label: 'Giftköder & Gefahren',
    glyph: '!',
    title: (i) => `${nearbyTexts.poisonKinds[i.kind] ?? nearbyTexts.poisonKinds.other}: ${i.description.slice(0, 80)}`,
    href: (id) => `/app/giftkoeder/${id}`,
    hazard: (i) => i.kind,
    state: (i) => nearbyTexts.states[i.status] ?? '',
    urgent: (i) => i.status === 'unconfirmed' || i.status === 'confirmed',
  }),
  kind<ListItem<'getLostDogs'>>({
    path: 'lost-dogs',
    label: 'Vermisste Hunde',
    glyph: '?',
    title: (i) => `${i.name} vermisst`,
    href: (id) => `/app/vermisst/${id}`,
    state: (i) => nearbyTexts.lostStatus[i.status] ?? '',
    urgent: (i) => i.status === 'lost',
  }),
  kind<ListItem<'getPlaydates'>>({
    path: 'playdates',
    label: 'Spieltreffen',
    glyph: 'S',
    title: (i) => `${i.title} · ${when(i.starts_at)}`,
    href: card('treffen'),
  }),
  kind<ListItem<'getEvents'>>({
    path: 'events',
    label: 'Veranstaltungen',
    glyph: 'V',
    title: (i) => `${i.title} · ${when(i.starts_at)}`,
    href: card('veranstaltungen'),
  }),
  kind<ListItem<'getWalkSlots'>>({
    path: 'walk-slots',
    label: 'Gassizeiten',
    glyph: 'G',
    title: (i) => `${WEEKDAYS[i.weekday] ?? ''} ${i.start_time}–${i.end_time} ${i.place_name ?? ''}`.trim(),
    href: card('gassizeiten'),
  }),
  kind<ListItem<'getAdoptions'>>({ path: 'adoptions', label: 'Vermittlung', glyph: 'A', title: (i) => i.title, href: card('vermittlung') }),
  kind<ListItem<'getSitting'>>({
    path: 'sitting',
    label: 'Betreuung',
    glyph: 'B',
    title: (i) => `${i.type === 'offer' ? 'Biete' : 'Suche'}: ${i.description.slice(0, 60)}`,
    href: card('betreuung'),
  }),
  kind<ListItem<'getServices'>>({
    path: 'services',
    label: 'Dienstleister',
    glyph: 'D',
    title: (i) => i.name,
    href: card('dienstleister'),
    category: (i) => i.category,
  }),
];
