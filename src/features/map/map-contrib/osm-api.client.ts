import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamRequest } from '#core/upstream/http-client.js';
import { changesetXml, elementWithDogXml } from './osm-xml.js';

/**
 * The OpenStreetMap API 0.6 as upstreams.md §2 describes it: read an element, and add `dog=yes` in one changeset of
 * its own (create → element PUT → close) with the operator's OAuth 2 token (decisions: Upstreams). 10 s per call.
 * A version conflict (someone edited the venue since we read it) is read again and tried once more; a changeset we
 * opened is closed again whatever happens after, so no empty changesets stay open.
 */

const Tags = z.record(z.string(), z.string());
const ElementAnswer = z.object({
  elements: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('node'), id: z.number().int(), version: z.number().int(), lat: z.number(), lon: z.number(), tags: Tags.default({}) }),
        z.object({ type: z.literal('way'), id: z.number().int(), version: z.number().int(), nodes: z.array(z.number().int()).min(1), tags: Tags.default({}) }),
      ]),
    )
    .length(1),
});
export type OsmElement = z.infer<typeof ElementAnswer>['elements'][number];
export type OsmType = OsmElement['type'];

export type ElementRead = { state: 'ok'; element: OsmElement } | { state: 'deleted' } | { state: 'missing' };

const UPSTREAM = 'osm-api';
const api = (ctx: AppContext, path: string) => `${ctx.config.upstream.osmApiUrl.replace(/\/$/, '')}/api/0.6/${path}`;

/** The element's current version and tags; 410 → deleted, 404 → missing. Other failures throw an UpstreamError. */
export async function readElement(ctx: AppContext, type: OsmType, id: number): Promise<ElementRead> {
  try {
    const res = await upstreamRequest(ctx, { upstream: UPSTREAM, url: api(ctx, `${type}/${id}.json`), timeout: 'default' });
    const parsed = ElementAnswer.safeParse(JSON.parse(res.body.toString('utf8')));
    if (!parsed.success) throw new UpstreamError(UPSTREAM, 'invalid_response', 'element of an unexpected shape');
    return { state: 'ok', element: parsed.data.elements[0]! };
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 410) return { state: 'deleted' };
    if (err instanceof UpstreamError && err.status === 404) return { state: 'missing' };
    if (err instanceof SyntaxError) throw new UpstreamError(UPSTREAM, 'invalid_json', 'element answer is not JSON');
    throw err;
  }
}

export type UploadResult = { state: 'uploaded'; changesetId: number; version: number } | { state: 'already_tagged' } | { state: 'deleted' };

export class MissingOsmTokenError extends Error {
  constructor() {
    super('OSM_ACCESS_TOKEN is not set');
  }
}

function write(ctx: AppContext, path: string, body: string) {
  const token = ctx.config.upstream.osmAccessToken;
  if (!token) throw new MissingOsmTokenError();
  return upstreamRequest(ctx, {
    upstream: UPSTREAM,
    url: api(ctx, path),
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/xml; charset=utf-8' },
    body,
    timeout: 'default',
  });
}

const isVersionConflict = (err: unknown) => err instanceof UpstreamError && err.status === 409 && /version mismatch/i.test(err.bodySnippet ?? '');

/** `dog=yes` on the element read just before; a venue with any `dog=*` is never edited (decisions). */
export async function uploadDogYes(ctx: AppContext, element: OsmElement): Promise<UploadResult> {
  if (!ctx.config.upstream.osmAccessToken) throw new MissingOsmTokenError();
  if (element.tags.dog !== undefined) return { state: 'already_tagged' };
  const created = await write(
    ctx,
    'changeset/create',
    changesetXml({
      created_by: ctx.config.upstream.userAgent.split(' ')[0] ?? 'Pfotenbuch',
      comment: 'Hunde willkommen (dog=yes), vor Ort gemeldet von einer Nutzerin oder einem Nutzer der App',
      source: 'survey',
    }),
  );
  const changesetId = Number(created.body.toString('utf8').trim());
  if (!Number.isSafeInteger(changesetId) || changesetId <= 0) throw new UpstreamError(UPSTREAM, 'invalid_response', 'changeset id is not a number');
  try {
    let current = element;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await write(ctx, `${current.type}/${current.id}`, elementWithDogXml(current, changesetId));
        const version = Number(res.body.toString('utf8').trim());
        return { state: 'uploaded', changesetId, version: Number.isSafeInteger(version) ? version : current.version + 1 };
      } catch (err) {
        if (!isVersionConflict(err) || attempt > 0) throw err;
        // Someone edited the venue since we read it: read again and apply dog=yes to the newer version, once.
        const again = await readElement(ctx, current.type, current.id);
        if (again.state !== 'ok') return { state: 'deleted' };
        if (again.element.tags.dog !== undefined) return { state: 'already_tagged' };
        current = again.element;
      }
    }
  } finally {
    await write(ctx, `changeset/${changesetId}/close`, '').catch((err: unknown) => {
      // Closed already (409) or unreachable: OpenStreetMap closes an idle changeset after an hour anyway.
      ctx.log.warn({ err, changesetId }, 'OSM changeset could not be closed');
    });
  }
}
