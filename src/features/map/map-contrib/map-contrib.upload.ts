import type { AppContext } from '#core/context.js';
import { UpstreamError } from '#core/upstream/http-client.js';
import { welcomeKindOf } from '../map-layers/index.js';
import { claimForUpload, findContributionById, updateContribution, type ContributionRow } from './map-contrib.repo.js';
import { MissingOsmTokenError, readElement, uploadDogYes, type OsmElement } from './osm-api.client.js';

/**
 * One upload attempt of a pending contribution (upstreams.md §2.4 client strategy): claimed first so the tap's
 * attempt and the daily job's never edit the venue twice; a venue that carries any `dog=*` is never edited and its
 * contribution becomes `rejected`/`already_tagged` (decisions); an element gone from the map is `rejected`/`deleted`,
 * one that is no longer an offered kind when read again `rejected`/`not_offered`.
 * Failures leave it pending with the error recorded, except those no retry can mend: 400 (our XML is wrong),
 * 404/410 (the element is gone), and the tenth failure.
 */

const MAX_ATTEMPTS = 10;
/** A claim older than this was left by a crash (an upload takes at most 4 calls of 10 s). */
const CLAIM_STALE_MS = 5 * 60 * 1000;

export const NO_TOKEN_ERROR = 'Kein OpenStreetMap-Zugang eingerichtet (OSM_ACCESS_TOKEN).';

function describe(err: unknown): string {
  if (err instanceof UpstreamError) return `${err.kind}${err.status ? ` ${err.status}` : ''}: ${(err.bodySnippet ?? err.message).slice(0, 200)}`;
  return err instanceof Error ? err.message.slice(0, 250) : 'unbekannter Fehler';
}

async function uploadClaimed(ctx: AppContext, row: ContributionRow, known: OsmElement | undefined): Promise<void> {
  const now = () => ctx.clock.now().toISOString();
  const reject = (reason: string) =>
    updateContribution(ctx.db, row.id, { status: 'rejected', reason, attempts: row.attempts + 1, last_error: null, updated_at: now() });
  try {
    let element = known;
    if (!element) {
      const read = await readElement(ctx, row.osm_type, row.osm_id);
      if (read.state !== 'ok') return await reject('deleted');
      // The venue became another kind since it was read (a café turned bank): dog=yes is no longer ours to add.
      if (!welcomeKindOf(read.element.tags)) return await reject('not_offered');
      element = read.element;
    }
    const result = await uploadDogYes(ctx, element);
    if (result.state !== 'uploaded') return await reject(result.state);
    await updateContribution(ctx.db, row.id, {
      uploaded_at: now(),
      changeset_id: result.changesetId,
      version_after: result.version,
      attempts: row.attempts + 1,
      last_error: null,
      updated_at: now(),
    });
  } catch (err) {
    if (err instanceof MissingOsmTokenError) {
      await updateContribution(ctx.db, row.id, { last_error: NO_TOKEN_ERROR, updated_at: now() });
      return;
    }
    const status = err instanceof UpstreamError ? err.status : undefined;
    if (status === 404 || status === 410) return await reject('deleted');
    const attempts = row.attempts + 1;
    const final = status === 400 || attempts >= MAX_ATTEMPTS;
    // 401/403: the operator's token is broken or the account blocked; only the operator can mend that.
    if (status === 400 || status === 401 || status === 403) ctx.log.error({ err, contribution: row.id }, 'OpenStreetMap refused our upload');
    else ctx.log.warn({ err, contribution: row.id }, 'OpenStreetMap upload failed, the daily job retries');
    await updateContribution(ctx.db, row.id, {
      attempts,
      last_error: describe(err),
      ...(final ? { status: 'rejected' as const, reason: 'refused' } : {}),
      updated_at: now(),
    });
  }
}

/** One attempt; `known` is the element just read by the tap (saves a second read). Never throws. */
export async function attemptUpload(ctx: AppContext, id: number, known?: OsmElement): Promise<void> {
  const now = ctx.clock.now();
  if (!ctx.config.upstream.osmAccessToken) {
    // Without a token nothing is tried; the contribution waits for the operator and the daily job (decisions).
    await updateContribution(ctx.db, id, { last_error: NO_TOKEN_ERROR });
    return;
  }
  if (!(await claimForUpload(ctx.db, id, now.toISOString(), new Date(now.getTime() - CLAIM_STALE_MS).toISOString()))) return;
  const row = await findContributionById(ctx.db, id);
  if (!row) return;
  try {
    await uploadClaimed(ctx, row, known);
  } catch (err) {
    ctx.log.error({ err, contribution: id }, 'map contribution upload crashed');
  } finally {
    await updateContribution(ctx.db, id, { uploading_since: null }).catch(() => undefined);
  }
}

/** The tap's attempt runs after the answer; kept here so tests (and a shutdown) can wait for it. */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

export function uploadInBackground(ctx: AppContext, id: number, known: OsmElement): void {
  let running = inFlight.get(ctx.config);
  if (!running) inFlight.set(ctx.config, (running = new Set()));
  const task = attemptUpload(ctx, id, known).finally(() => running.delete(task));
  running.add(task);
}

export async function uploadsSettled(ctx: AppContext): Promise<void> {
  await Promise.all([...(inFlight.get(ctx.config) ?? [])]);
}
