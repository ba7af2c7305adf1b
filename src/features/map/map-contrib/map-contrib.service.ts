import type { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { notFound, serviceUnavailable, unprocessable } from '#core/http/route/errors.js';
import { byId, keysetPage, type PageQuery } from '#core/http/route/pagination.js';
import { UpstreamError } from '#core/upstream/http-client.js';
import { welcomeKindOf, type WelcomeKind } from '../map-layers/index.js';
import { contributionsOfUser, countsByStatus, findContribution, insertContribution, type ContributionRow } from './map-contrib.repo.js';
import type { ContributeBody, Contribution, ContributionAnswer } from './map-contrib.schemas.js';
import { uploadInBackground } from './map-contrib.upload.js';
import { readElement } from './osm-api.client.js';
import { CONFIRMED_PER_GRANT } from './pro-grant.js';
import { activeProUntil } from './pro-grant.repo.js';
import { SURVIVAL_DAYS } from './survival-check.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function toContribution(row: ContributionRow): Contribution {
  return {
    id: row.id,
    osm_type: row.osm_type,
    osm_id: row.osm_id,
    venue_kind: row.venue_kind as WelcomeKind,
    venue_name: row.venue_name,
    status: row.status,
    reason: row.reason,
    venue_checked: row.venue_read_at !== null,
    uploaded_at: row.uploaded_at,
    confirmable_from: row.uploaded_at ? new Date(Date.parse(row.uploaded_at) + SURVIVAL_DAYS * DAY_MS).toISOString() : null,
    created_at: row.created_at,
  };
}

/** Told with a contribution that waits for OpenStreetMap to be read (the tap answered without it). */
export const CHECKED_LATER =
  'Danke! OpenStreetMap ist gerade nicht erreichbar. Wir haben deine Meldung gespeichert und prüfen den Ort, sobald OpenStreetMap wieder antwortet.';

function answerOf(row: ContributionRow): ContributionAnswer {
  const contribution = toContribution(row);
  return row.status === 'pending' && !row.venue_read_at ? { ...contribution, notice: CHECKED_LATER } : contribution;
}

/**
 * The dog-welcome tap: once per user and venue (a repeat answers the first contribution). The venue is read from
 * OpenStreetMap first, which tells whether it exists and is a kind that is offered; then the row is stored and the
 * upload tried at once, after the answer (best effort; the daily job retries). When OpenStreetMap cannot be asked,
 * the tap is stored all the same (spec: the tap creates a pending contribution) with what the map showed, and the
 * 03:40 job reads the venue later (venue-check.ts); without the map's kind there is nothing to store, so 503.
 */
export async function contributeDogWelcome(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof ContributeBody>,
): Promise<{ created: boolean; contribution: ContributionAnswer }> {
  if (body.osm_type === 'relation')
    throw unprocessable('„Hunde willkommen“ lässt sich nur für einzelne Orte (Punkte und Gebäude) melden.', { osm_type: 'Nur node oder way.' });
  const existing = await findContribution(ctx.db, actor.id, body.osm_type, body.osm_id);
  if (existing) return { created: false, contribution: answerOf(existing) };
  const read = await readElement(ctx, body.osm_type, body.osm_id).catch((err: unknown) => {
    if (!(err instanceof UpstreamError)) throw err;
    if (!body.venue_kind) throw serviceUnavailable('OpenStreetMap ist gerade nicht erreichbar. Versuch es bitte gleich noch einmal.', 'osm_unavailable');
    ctx.log.warn({ err, osm: `${body.osm_type}/${body.osm_id}` }, 'OpenStreetMap unreachable at a dog-welcome tap; stored for the nightly check');
    return err;
  });
  const now = ctx.clock.now().toISOString();
  const venue = { user_id: actor.id, osm_type: body.osm_type, osm_id: body.osm_id, created_at: now, updated_at: now };
  if (read instanceof UpstreamError) {
    const created = await insertContribution(ctx.db, {
      ...venue,
      venue_kind: body.venue_kind!,
      venue_name: body.venue_name ?? null,
      last_error: `Beim Melden nicht erreichbar: ${read.kind}${read.status ? ` ${read.status}` : ''}`.slice(0, 300),
      venue_read_at: null,
    });
    return { created, contribution: answerOf(await storedContribution(ctx, venue)) };
  }
  if (read.state !== 'ok') throw notFound('Diesen Ort gibt es auf OpenStreetMap nicht (mehr).');
  const kind = welcomeKindOf(read.element.tags);
  if (!kind) throw unprocessable(NOT_OFFERED, { osm_id: 'Dieser Ort ist keiner davon.' });
  const created = await insertContribution(ctx.db, {
    ...venue,
    venue_kind: kind,
    venue_name: read.element.tags.name?.slice(0, 255) ?? null,
    lat: read.element.type === 'node' ? read.element.lat : null,
    lon: read.element.type === 'node' ? read.element.lon : null,
    venue_read_at: now,
  });
  const row = await storedContribution(ctx, venue);
  if (created) uploadInBackground(ctx, row.id, read.element);
  return { created, contribution: answerOf(row) };
}

const NOT_OFFERED = '„Hunde willkommen“ kannst du nur für Restaurants, Cafés, Bars, Unterkünfte, Geschäfte, Tierärzte und Hundesalons melden.';

async function storedContribution(ctx: AppContext, venue: { user_id: number; osm_type: 'node' | 'way'; osm_id: number }): Promise<ContributionRow> {
  const row = await findContribution(ctx.db, venue.user_id, venue.osm_type, venue.osm_id);
  if (!row) throw new Error('contribution vanished after insert');
  return row;
}

export async function listContributions(ctx: AppContext, actor: Actor, query: PageQuery) {
  const page = await keysetPage(query, byId<ContributionRow>(), (take, after) => contributionsOfUser(ctx.db, actor.id, take, after), toContribution);
  const counts = await countsByStatus(ctx.db, actor.id);
  const confirmed = counts.confirmed ?? 0;
  return {
    ...page,
    confirmed_count: confirmed,
    counts: { pending: counts.pending ?? 0, confirmed, rejected: counts.rejected ?? 0 },
    per_grant: CONFIRMED_PER_GRANT,
    to_next_grant: CONFIRMED_PER_GRANT - (confirmed % CONFIRMED_PER_GRANT),
    pro_until: await activeProUntil(ctx.db, actor.id, ctx.clock.now().toISOString()),
  };
}

/** The user's dog-welcome contributions to OpenStreetMap as `daten/kartenbeitraege.json` (the data export). */
export const contributionsExport: ExportSection = async (ctx, actor, out) => {
  const items: Contribution[] = [];
  for (let after: { id: number } | undefined; ;) {
    const rows = await contributionsOfUser(ctx.db, actor.id, 500, after);
    items.push(...rows.map(toContribution));
    if (rows.length < 500) break;
    after = { id: rows.at(-1)!.id };
  }
  if (items.length) out.json('daten', 'kartenbeitraege.json', items);
};
