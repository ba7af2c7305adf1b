import type { AppContext } from '#core/context.js';
import { findGeoRow } from '#core/geo-items/index.js';
import { notFound } from '#core/http/route/errors.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { sendPublicFile } from '#core/http/pages/send-public-file.js';
import type { Routes } from '#core/http/route/route.js';
import { mediaKeyOf } from '#core/media/storage.js';
import { dogPapers } from '../../dog-records/duties/index.js';
import { lostDogs } from './lost-dogs.js';

/**
 * The page behind the poster's QR code, /vermisst/<id>: people who find the dog rarely have an account, so it is
 * server-rendered and public, with what the poster says (name, description, when last seen, the contact the author
 * chose to publish, the photo) and the area where it was last seen, rounded to about 200 m (never the exact
 * point, which may be the owner's home). Once the dog is found the page says so and shows nothing
 * else. Not cached, not indexed, no referrer.
 */

const ID = /^[1-9]\d{0,9}$/;
const MISSING = 'Diese Vermisstenmeldung gibt es nicht (mehr).';

async function lostDog(ctx: AppContext, id: string) {
  return ID.test(id) ? findGeoRow(ctx.db, lostDogs.table, lostDogs.columns, Number(id)) : undefined;
}

/** About 200 m: the page shows the area where the dog was last seen, never the exact point (it may be a home). */
const AREA_GRID_DEGREES = 0.002;
const AREA_RADIUS_METERS = 200;
const toArea = (v: number) => Number((Math.round(v / AREA_GRID_DEGREES) * AREA_GRID_DEGREES).toFixed(3));

const when = (ctx: AppContext, iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: ctx.config.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export function lostPosterPages(ctx: AppContext, routes: Routes): void {
  routes.router.get('/vermisst/:id', ctx.limits.publicPoster, async (req, res) => {
    const row = await lostDog(ctx, String(req.params.id));
    if (!row) throw notFound(MISSING);
    setCache(res, 'never');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const lost = row.status === 'lost';
    // A linked dog's recorded registry and its public hotline (issue 53), never the chip number.
    const papers = lost && typeof row.dog_id === 'number' ? await dogPapers(ctx.db, row.dog_id) : null;
    res.render('vermisst/poster', {
      appName: ctx.config.appName,
      build: ctx.config.build,
      mapTiles: ctx.config.mapTiles,
      dog: {
        id: row.id,
        name: String(row.name),
        lost,
        description: lost ? String(row.description) : null,
        lastSeen: lost ? when(ctx, String(row.last_seen_at)) : null,
        contact: lost && typeof row.contact === 'string' ? row.contact : null,
        photo: lost && row.photo_url ? `/vermisst/${row.id}/foto` : null,
        registry: papers?.registry ? { provider: papers.registry.provider, hotline: papers.registry.hotline, website: papers.registry.website } : null,
        area: lost ? { lat: toArea(Number(row.lat)), lon: toArea(Number(row.lon)), radius: AREA_RADIUS_METERS } : null,
      },
    });
  });
  routes.router.get('/vermisst/:id/foto', ctx.limits.publicPoster, async (req, res) => {
    const row = await lostDog(ctx, String(req.params.id));
    const file = row?.status === 'lost' && row.photo_url ? mediaKeyOf(row.photo_url) : undefined;
    if (!file) throw notFound('Dieses Foto gibt es nicht.');
    await sendPublicFile(ctx.media, req, res, file, 'Dieses Foto gibt es nicht.');
  });
}
