// The nearby list as it was before, for the "before" rows of bench/nearby-scale.mjs (before the spatial index) and
// bench/nearby-scale-paging.mjs (before keyset paging): the two old versions differ only in the box filter.

/**
 * listNear's old shape for services: widening steps (1/8, 1/4 and 1/2 of the radius, then the radius), each the 400
 * nearest candidates in the step's box by SQL distance, of which the nearest 200 within the circle are kept.
 * `inBox(query, box)` adds the box filter. `geo` is the bench's tsImport of nearby-scale.entry.ts (boundingBox,
 * nearest, services, sql), so that the query is built with the same copy of kysely as the database handle.
 */
export async function listNearBefore(geo, db, actor, query, inBox) {
  const { boundingBox, nearest, services, sql } = geo;
  const center = { lat: query.lat, lon: query.lon };
  const steps = [query.radius_km / 8, query.radius_km / 4, query.radius_km / 2].filter((r) => r >= 1);
  for (const radius of [...steps, query.radius_km]) {
    const box = boundingBox(center, radius);
    const k2 = Math.cos((center.lat * Math.PI) / 180) ** 2;
    const rows = await inBox(
      db.selectFrom('services').select(['id', 'user_id', 'lat', 'lon', 'created_at', 'updated_at', 'photo_url', ...services.columns]),
      box,
    )
      .orderBy(sql`(lat - ${center.lat}) * (lat - ${center.lat}) + (lon - ${center.lon}) * (lon - ${center.lon}) * ${k2}`)
      .limit(400)
      .execute();
    const found = nearest(rows, center, radius, 200);
    if (found.length === 200 || radius === query.radius_km) return { items: found.map((r) => ({ ...r, mine: r.user_id === actor.id })) };
  }
  return { items: [] };
}
