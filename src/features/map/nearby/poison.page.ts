import type { AppContext } from '#core/context.js';
import { findGeoRow } from '#core/geo-items/index.js';
import { AppError, notFound } from '#core/http/route/errors.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals } from '#core/http/pages/page-meta.js';
import type { Routes } from '#core/http/route/route.js';
import { POISON_KIND_DE, poisonWarnings } from './poison.js';

/**
 * The public page of a poison warning, /giftkoeder/<id> (decisions, "What users tripped over (wave 4)"): so that it can
 * be shared with neighbours who do not use the app. Server-rendered like the lost-dog page (lost-poster.page.ts): the
 * kind, the text, the status and the time, and the area on a small map, rounded to about 100 m (the exact point may
 * be someone's doorstep). Never the reporter. Search engines index it only once confirmed (`noindex` before, so an
 * unchecked report does not spread through search); archived is 410 (gone for good), a missing one 404.
 */

const ID = /^[1-9]\d{0,9}$/;
const MISSING = 'Diese Warnung gibt es nicht.';
const GONE = 'Diese Warnung ist archiviert: Seit 14 Tagen hat sie niemand mehr bestätigt.';

/** About 100 m (0.001° of latitude is 111 m): the area, never the exact point. */
const AREA_GRID_DEGREES = 0.001;
const AREA_RADIUS_METERS = 100;
const toArea = (v: number) => Number((Math.round(v / AREA_GRID_DEGREES) * AREA_GRID_DEGREES).toFixed(3));

const STATUS_DE: Record<string, { label: string; text: string }> = {
  unconfirmed: { label: 'Noch nicht bestätigt', text: 'Gemeldet, aber noch nicht von anderen bestätigt. Sei trotzdem vorsichtig.' },
  confirmed: { label: 'Bestätigt', text: 'Andere Hundehalter oder unsere Moderation haben die Warnung bestätigt.' },
  false_alarm: { label: 'Entwarnung', text: 'Das war ein Fehlalarm: Unsere Moderation hat die Warnung geprüft.' },
};

const when = (ctx: AppContext, iso: string) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: ctx.config.timeZone, dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export function poisonWarningPages(ctx: AppContext, routes: Routes): void {
  routes.router.get('/giftkoeder/:id', ctx.limits.publicWarning, async (req, res) => {
    const id = String(req.params.id);
    const row = ID.test(id) ? await findGeoRow(ctx.db, poisonWarnings.table, poisonWarnings.columns, Number(id)) : undefined;
    if (!row) throw notFound(MISSING);
    const status = String(row.status);
    if (status === 'archived') throw new AppError(410, 'gone', GONE);
    const kind = POISON_KIND_DE[row.kind as keyof typeof POISON_KIND_DE] ?? 'Gefahr';
    const active = status !== 'false_alarm';
    // The status changes (confirmations, the moderators, the archive job): asked again every time.
    setCache(res, 'revalidate');
    if (status !== 'confirmed') res.setHeader('X-Robots-Tag', 'noindex');
    res.render('giftkoeder/warning', {
      ...pageLocals(ctx, {
        title: `${active ? '⚠️ ' : ''}${kind}: Warnung für Hundehalter – ${ctx.config.appName}`,
        description: active ? String(row.description).slice(0, 160) : `Entwarnung: ${STATUS_DE.false_alarm?.text ?? ''}`,
        path: `/giftkoeder/${row.id}`,
      }),
      noindex: status !== 'confirmed',
      warning: {
        id: row.id,
        kind,
        active,
        description: active ? String(row.description) : null,
        status: STATUS_DE[status] ?? { label: status, text: '' },
        reportedAt: when(ctx, String(row.created_at)),
        area: active ? { lat: toArea(Number(row.lat)), lon: toArea(Number(row.lon)), radius: AREA_RADIUS_METERS } : null,
      },
    });
  });
}
