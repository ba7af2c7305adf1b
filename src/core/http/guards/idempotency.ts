import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { MINUTE } from '../../clock.js';
import { badRequest, conflict } from '../route/errors.js';
import { ErrorBody } from '../route/openapi.js';
import { claimKey, completeKey, findKey, releaseClaim, type KeyRef, type StoredKey } from './idempotency.repo.js';
import { requestLogger } from '#platform/http/request-log.js';

/**
 * Offline writes (issue 30, decisions: "Offline writes"): a create route marked `idempotent` accepts an
 * `Idempotency-Key` header, so the app's queue can send a write again without writing it twice.
 *
 * - Scope: per user and route (method and path pattern); another user's same key is another key.
 * - The same key with the same request (path params and body; for uploads the fields and each file's SHA-256)
 *   answers the first answer again, status and body, with `Idempotent-Replayed: true`; nothing is written.
 * - The same key with another request → 409 `idempotency_key_reused`.
 * - Only successful answers (2xx) are kept. A failed request (403, 422, 500) gives its claim back: it wrote nothing,
 *   and a replay after the cause is gone (the dog shared again) must be able to succeed.
 * - Races: the claim row is inserted before the handler runs; of two racing requests exactly one inserts it. The
 *   other waits up to WAIT_MS for the first one's answer and answers it; still running after that → 409
 *   `idempotency_key_in_progress` (the queue sends again later).
 * - A claim without an answer older than STALE_MS belongs to a process that died; the next request takes it over.
 * - Kept 7 days (idempotency.jobs.ts purges older keys).
 *
 * It runs after the house's checks (session, authorize, rate limits, uploads, the body's size), right before the
 * input is validated and the handler runs: a replay is checked like any request.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
export const RETENTION_MS = 7 * 24 * 60 * MINUTE;
const WAIT_MS = 5_000;
const POLL_MS = 20;
const STALE_MS = 2 * MINUTE;

type IdempotencyContext = Pick<AppContext, 'db' | 'clock'>;

/** What a route definition carries when it honours the header: `idempotent: idempotency(ctx)`. */
export interface Idempotency {
  /** The middleware for one route; `route` is its scope, e.g. `POST /api/walks`. */
  middleware(route: string): RequestHandler;
}

export function idempotency(ctx: IdempotencyContext): Idempotency {
  return { middleware: (route) => idempotencyMiddleware(ctx, route) };
}

/** The header and the two answers the key adds, in the route's OpenAPI entry. */
export function documentIdempotency(request: NonNullable<RouteConfig['request']>, responses: RouteConfig['responses']): void {
  request.headers = z.object({
    [IDEMPOTENCY_HEADER]: z.string().regex(KEY_PATTERN).optional().meta({
      description:
        'Ein Schlüssel, den der Client pro Schreibvorgang erzeugt (z. B. eine UUID; 1–200 Zeichen A–Z a–z 0–9 _ . : -). Eine Wiederholung mit demselben Schlüssel und derselben Anfrage bekommt die erste Antwort (Header Idempotent-Replayed: true) und schreibt nichts; 7 Tage lang, je Nutzer und Route.',
    }),
  });
  const reused = 'Idempotency-Key schon mit einer anderen Anfrage benutzt (idempotency_key_reused) oder die erste noch in Arbeit (idempotency_key_in_progress)';
  const existing = responses['409'] as { description: string } | undefined;
  responses['409'] = existing
    ? { ...existing, description: `${existing.description}; oder: ${reused}` }
    : { description: reused, content: { 'application/json': { schema: ErrorBody } } };
}

const keyInvalid = () =>
  badRequest(`Der ${IDEMPOTENCY_HEADER} ist ungültig: 1 bis 200 Zeichen aus Buchstaben, Ziffern und _ . : -`, { [IDEMPOTENCY_HEADER]: 'ungültig' });
const keyReused = () =>
  conflict('Dieser Idempotency-Key gehört schon zu einer anderen Anfrage. Schick die Änderung mit einem neuen Key.', 'idempotency_key_reused');
const keyInProgress = () => conflict('Diese Anfrage ist noch in Arbeit. Versuch es gleich noch mal.', 'idempotency_key_in_progress');

function idempotencyMiddleware(ctx: IdempotencyContext, route: string): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined || !req.user) return next();
    if (!KEY_PATTERN.test(key)) throw keyInvalid();
    const ref: KeyRef = { userId: req.user.id, route, key };
    const hash = await requestHash(req);
    const claim = randomUUID();
    const stored = await claimOrWait(ctx, ref, hash, claim);
    if (stored) {
      res.status(stored.status).set('Idempotent-Replayed', 'true').json(JSON.parse(stored.response));
      return;
    }
    keepAnswer(ctx, req, res, ref, claim);
    next();
  };
}

/** Claims the key (undefined), or returns the first request's answer, waiting for it while it runs. */
async function claimOrWait(ctx: IdempotencyContext, ref: KeyRef, hash: string, claim: string): Promise<{ status: number; response: string } | undefined> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await claimKey(ctx.db, ref, hash, claim, ctx.clock.now().toISOString())) return undefined;
    const row = await findKey(ctx.db, ref);
    // Gone between the two statements: the first request failed and gave it back, so try to claim again.
    if (!row) continue;
    if (row.request_hash !== hash) throw keyReused();
    if (row.status !== null && row.response !== null) return { status: row.status, response: row.response };
    if (isStale(ctx, row)) {
      await releaseClaim(ctx.db, ref, row.response ?? '');
      continue;
    }
    if (Date.now() >= deadline) throw keyInProgress();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const isStale = (ctx: IdempotencyContext, row: StoredKey) => ctx.clock.now().getTime() - Date.parse(row.created_at) > STALE_MS;

/**
 * Keeps a 2xx JSON answer before it goes out (a repeat that arrives right after it finds it), and gives the claim
 * back for any other answer, or when the response ends without one.
 */
function keepAnswer(ctx: IdempotencyContext, req: Request, res: Response, ref: KeyRef, claim: string): void {
  let settled = false;
  const send = res.json.bind(res);
  const giveBack = () => releaseClaim(ctx.db, ref, claim).catch((err: unknown) => requestLogger(req).error({ err }, 'idempotency: claim not released'));
  res.json = (body: unknown) => {
    if (settled) return send(body);
    settled = true;
    res.json = send;
    const status = res.statusCode;
    const done = status >= 200 && status < 300 ? completeKey(ctx.db, ref, claim, status, JSON.stringify(body ?? null)) : giveBack();
    done.then(
      () => send(body),
      (err: unknown) => {
        // The write happened; answer it. The claim stays unanswered and is taken over once stale.
        requestLogger(req).error({ err }, 'idempotency: answer not kept');
        send(body);
      },
    );
    return res;
  };
  res.on('close', () => {
    if (settled) return;
    settled = true;
    void giveBack();
  });
}

/**
 * What makes two requests "the same": the path params and the body as JSON with sorted keys; for uploads the form
 * fields and each file's field name and SHA-256 (not its name: the content is what gets stored).
 */
async function requestHash(req: Request): Promise<string> {
  const files = await Promise.all(uploadedFiles(req).map(async (file) => ({ field: file.fieldname, sha256: await fileDigest(file) })));
  const canonical = stableJson({ params: req.params, body: req.body ?? null, files });
  return createHash('sha256').update(canonical).digest('hex');
}

function uploadedFiles(req: Request): Express.Multer.File[] {
  if (Array.isArray(req.files)) return req.files;
  if (req.files) return Object.values(req.files).flat();
  return req.file ? [req.file] : [];
}

async function fileDigest(file: Express.Multer.File): Promise<string> {
  const hash = createHash('sha256');
  if (file.buffer) return hash.update(file.buffer).digest('hex');
  for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
