// The map's tile source (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_MAX_ZOOM): the defaults, the start-up check
// and the hosts the CSP and the service worker allow. Plain code without imports: the server's config and the
// client's map both use it.

/** OpenStreetMap's own tiles: fine for development and a handful of users, not for real traffic (its tile policy). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende';
/** OSM's tiles go to 19; most providers' raster tiles to 20 or 22. */
export const DEFAULT_TILE_MAX_ZOOM = 19;

/** Leaflet's subdomains for `{s}` (its default 'abc'). */
const SUBDOMAINS = 'abc';

/**
 * What is wrong with a tile URL template, in German, or null. `{z}`, `{x}` and `{y}` are required; `{s}` (a
 * subdomain, only in the host) and `{r}` (Leaflet's retina suffix, empty here) are allowed. Outside production
 * plain http is allowed too (a tile server on the LAN while developing); in production the page is https and a
 * browser would block http tiles as mixed content.
 */
export function tileUrlProblem(template: string, production: boolean): string | null {
  const missing = ['{z}', '{x}', '{y}'].filter((p) => !template.includes(p));
  if (missing.length) return `MAP_TILE_URL braucht die Platzhalter {z}, {x} und {y} (es fehlt ${missing.join(', ')}), z. B. ${DEFAULT_TILE_URL}`;
  let url: URL;
  try {
    url = new URL(fillTileUrl(template, 1, 2, 3));
  } catch {
    return `MAP_TILE_URL ist keine gültige Adresse: ${template}`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !production))
    return `MAP_TILE_URL muss mit https:// beginnen${production ? ' (in Produktion blockiert der Browser Kacheln über http)' : ''}: ${template}`;
  // The CSP can name subdomains only as a leading `*.`, so `{s}` may only be the host's first label.
  const host = hostTemplate(template);
  if (template.includes('{s}') && (!host.startsWith('{s}.') || template.split('{s}').length > 2))
    return 'MAP_TILE_URL: {s} geht nur einmal, als Anfang des Hostnamens (z. B. https://{s}.tile.example.org/{z}/{x}/{y}.png).';
  return null;
}

/** The template's host part, placeholders still in it (`{s}.tile.example.org`). */
function hostTemplate(template: string): string {
  return template.replace(/^[a-z]+:\/\//i, '').split('/')[0] ?? '';
}

/** A tile's URL as Leaflet builds it (subdomain by (x + y) mod 3, no retina suffix), so a preload hits the same URL. */
export function fillTileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replaceAll('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length] ?? 'a')
    .replaceAll('{r}', '')
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y));
}

/**
 * The CSP sources for the tiles (`https://tile.example.org`; with `{s}` in the host `https://*.tile.example.org`).
 * Only the origin: a path or an API key in the query would not belong into a header every page sends.
 */
export function tileCspSources(template: string): string[] {
  const scheme = template.slice(0, template.indexOf('://'));
  const host = hostTemplate(template);
  return [`${scheme}://${host.replace(/^\{s\}\./, '*.')}`];
}

/** The host names the service worker caches tiles from (`*.` for a subdomain pattern). */
export function tileHostPatterns(template: string): string[] {
  return tileCspSources(template).map((source) => source.replace(/^[a-z]+:\/\//i, '').replace(/:\d+$/, ''));
}
