/**
 * The two XML bodies the OpenStreetMap API 0.6 takes for our edit (upstreams.md §2.2; writes are XML only): a
 * changeset with its tags, and the complete element with `dog=yes` added. The element is written whole, as the API
 * wants it: every existing tag and, for a way, every node reference in order (what is left out is deleted).
 */
import type { OsmElement } from './osm-api.client.js';

const escapeAttr = (v: string | number): string =>
  String(v).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const tagLines = (tags: Record<string, string>): string =>
  Object.entries(tags)
    .map(([k, v]) => `<tag k="${escapeAttr(k)}" v="${escapeAttr(v)}"/>`)
    .join('');

export function changesetXml(tags: Record<string, string>): string {
  return `<osm><changeset>${tagLines(tags)}</changeset></osm>`;
}

export function elementWithDogXml(element: OsmElement, changesetId: number): string {
  const tags = tagLines({ ...element.tags, dog: 'yes' });
  const head = `id="${element.id}" version="${element.version}" changeset="${changesetId}"`;
  // Seven decimals, as OSM stores them; String() would write a tiny value as 1e-7.
  if (element.type === 'node') return `<osm><node ${head} lat="${element.lat.toFixed(7)}" lon="${element.lon.toFixed(7)}">${tags}</node></osm>`;
  const refs = element.nodes.map((ref) => `<nd ref="${ref}"/>`).join('');
  return `<osm><way ${head}>${refs}${tags}</way></osm>`;
}
