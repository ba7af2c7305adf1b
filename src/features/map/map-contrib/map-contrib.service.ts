import type { z } from 'zod';
import type { Actor } from '../../../core/auth/session-user.js';
import type { AppContext } from '../../../core/context.js';
import type { ExportSection } from '../../../core/export/index.js';
import { notFound, serviceUnavailable, unprocessable } from '../../../core/http/errors.js';
import { byId, keysetPage, type PageQuery } from '../../../core/http/pagination.js';
import { UpstreamError } from '../../../core/upstream/http-client.js';
import { welcomeKindOf, type WelcomeKind } from '../map-layers/index.js';
import { contributionsOfUser, countsByStatus, findContribution, insertContribution, type ContributionRow } from './map-contrib.repo.js';
import type { ContributeBody, Contribution } from './map-contrib.schemas.js';
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
    uploaded_at: row.uploaded_at,
    confirmable_from: row.uploaded_at ? new Date(Date.parse(row.uploaded_at) + SURVIVAL_DAYS * DAY_MS).toISOString() : null,
    created_at: row.created_at,
  };
}

/**
 * The dog-welcome tap: once per user and venue (a repeat answers the first contribution). The venue is read from
 * OpenStreetMap first, which tells whether it exists and is a kind that is offered; then the row is stored and the
 * upload tried at once, after the answer (best effort; the daily job retries).
 */
export async function contributeDogWelcome(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof ContributeBody>,
): Promise<{ created: boolean; contribution: Contribution }> {
  if (body.osm_type === 'relation')
    throw unprocessable('„Hunde willkommen“ lässt sich nur für einzelne Orte (Punkte und Gebäude) melden.', { osm_type: 'Nur node oder way.' });
  const existing = await findContribution(ctx.db, actor.id, body.osm_type, body.osm_id);
  if (existing) return { created: false, contribution: toContribution(existing) };
  const read = await readElement(ctx, body.osm_type, body.osm_id).catch((err: unknown) => {
    if (err instanceof UpstreamError)
      throw serviceUnavailable('OpenStreetMap ist gerade nicht erreichbar. Versuch es bitte gleich noch einmal.', 'osm_unavailable');
    throw err;
  });
  if (read.state !== 'ok') throw notFound('Diesen Ort gibt es auf OpenStreetMap nicht (mehr).');
  const kind = welcomeKindOf(read.element.tags);
  if (!kind)
    throw unprocessable('„Hunde willkommen“ kannst du nur für Restaurants, Cafés, Bars, Unterkünfte, Geschäfte, Tierärzte und Hundesalons melden.', {
      osm_id: 'Dieser Ort ist keiner davon.',
    });
  const now = ctx.clock.now().toISOString();
  const created = await insertContribution(ctx.db, {
    user_id: actor.id,
    osm_type: body.osm_type,
    osm_id: body.osm_id,
    venue_kind: kind,
    venue_name: read.element.tags.name?.slice(0, 255) ?? null,
    lat: read.element.type === 'node' ? read.element.lat : null,
    lon: read.element.type === 'node' ? read.element.lon : null,
    created_at: now,
    updated_at: now,
  });
  const row = await findContribution(ctx.db, actor.id, body.osm_type, body.osm_id);
  if (!row) throw new Error('contribution vanished after insert');
  if (created) uploadInBackground(ctx, row.id, read.element);
  return { created, contribution: toContribution(row) };
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
  if (items.length) out.json('daten/kartenbeitraege.json', items);
};
