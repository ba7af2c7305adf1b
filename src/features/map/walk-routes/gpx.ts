/**
 * A saved route as GPX 1.1 (https://www.topografix.com/GPX/1/1/): the root `gpx` with version and creator in the
 * GPX namespace, `metadata` (name, desc, time — in the schema's order) and one `trk` with one `trkseg` of `trkpt`s
 * (lat/lon attributes in degrees). Text is escaped; coordinates are numbers we stored.
 */
const escapeXml = (v: string) => v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

export function routeGpx(route: { name: string; description: string | null; created_at: string; coordinates: [number, number][] }, creator: string): string {
  const desc = route.description ? `<desc>${escapeXml(route.description)}</desc>` : '';
  const points = route.coordinates.map(([lon, lat]) => `<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"/>`).join('\n      ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>${escapeXml(route.name)}</name>${desc}
    <time>${new Date(route.created_at).toISOString()}</time>
  </metadata>
  <trk>
    <name>${escapeXml(route.name)}</name>
    <trkseg>
      ${points}
    </trkseg>
  </trk>
</gpx>
`;
}

/** An ASCII file name for Content-Disposition, and the real name for `filename*` (RFC 6266). */
export function gpxDisposition(id: number, name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\w -]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `attachment; filename="${ascii || `route-${id}`}.gpx"; filename*=UTF-8''${encodeURIComponent(name.slice(0, 100))}.gpx`;
}
