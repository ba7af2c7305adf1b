// The API suite's contract check: every answer a test app gives under /api/ is compared with the app's own OpenAPI
// document (openapi-validator.ts). The hook sits in front of the whole Express app, so it sees every answer (the
// 404 of an unknown path, the guards' 403/413/415, errors) as bytes on the wire, decompressed. Mismatches are
// collected here and fail the running test in the suite's afterEach (contract-setup.ts); nothing is only logged.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Express, Request, Response } from 'express';
import type { AppContext } from '#core/context.js';
import { generateOpenApiDocument } from '#core/http/route/openapi.js';
import { createResponseValidator, type OpenApiDocument, type ResponseValidator } from './openapi-validator.js';

/**
 * /api/ paths that are no operation of the document, each for a reason:
 * - the document itself and the Swagger UI that shows it (a viewer of the API, not part of it);
 * - the scraper trap, left out of the published document on purpose (route.ts `undocumented`): a client walking the
 *   document must not find it. It answers only errors, which are still checked against the error shape below.
 */
const NOT_IN_DOCUMENT: { path: RegExp; why: string; checkErrors: boolean }[] = [
  { path: /^\/api\/openapi\.json$/, why: 'the API document itself', checkErrors: false },
  { path: /^\/api\/docs(?:\/.*)?$/, why: 'the API reference viewer (Swagger UI)', checkErrors: false },
  { path: /^\/api\/wiki\/trap$/, why: 'the scraper trap, undocumented on purpose', checkErrors: true },
];

interface ContractState {
  /** Set by the API suite's setup file; the browser suite's apps are not checked. */
  enabled: boolean;
  /** Answers compared with the document in this worker since the last take. */
  checked: number;
  /** Operations (`GET /api/dogs/{dogId}`) that answered at least once. */
  operations: Set<string>;
  /** Time spent checking (document, compiling, validating), in ms: the hook's cost to the suite. */
  spentMs: number;
  /** Operations in the document (the largest document seen). */
  documented: number;
  /** Mismatches not yet reported to a test. */
  mismatches: string[];
}

export const contract: ContractState = { enabled: false, checked: 0, operations: new Set(), documented: 0, spentMs: 0, mismatches: [] };

/**
 * The validator per document: the test apps of a worker share one. Building the document costs ~55 ms an app, so
 * apps are told apart by what their registries hold (operations and their statuses, components by name), which is
 * all a configuration can change: the schemas themselves are code, the same in every app of a process.
 */
const validators = new Map<string, ResponseValidator>();

function fingerprintOf(ctx: AppContext): string {
  return ctx.openapi.definitions
    .map((d) =>
      d.type === 'route' ? `${d.route.method} ${d.route.path} ${Object.keys(d.route.responses).join(',')}` : `${d.type}:${'name' in d ? String(d.name) : ''}`,
    )
    .join('\n');
}

function validatorOf(ctx: AppContext): ResponseValidator {
  const key = fingerprintOf(ctx);
  let validator = validators.get(key);
  if (!validator) {
    const document = generateOpenApiDocument(ctx.openapi, { title: ctx.config.appName, version: ctx.config.build, server: ctx.config.publicUrl });
    validator = createResponseValidator(document as unknown as OpenApiDocument);
    validators.set(key, validator);
    contract.documented = Math.max(contract.documented, validator.operations().length);
  }
  return validator;
}

function decoded(raw: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.toLowerCase()) {
    case 'gzip':
      return gunzipSync(raw);
    case 'deflate':
      return inflateSync(raw);
    case 'br':
      return brotliDecompressSync(raw);
    default:
      return raw;
  }
}

/** The chunks as one buffer, without Buffer.concat: a test watches that the app never buffers a hostile body with it. */
function joined(chunks: Buffer[]): Buffer {
  if (chunks.length === 1) return chunks[0]!;
  const out = Buffer.allocUnsafe(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) at += c.copy(out, at);
  return out;
}

const isJson = (type: string | undefined) => !!type && /^application\/(?:[\w.-]+\+)?json\b/i.test(type);

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (chunk === undefined || chunk === null || typeof chunk === 'function') return undefined;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
}

/** The one error shape, for answers to paths the document does not have (unknown paths, methods, the trap). */
function errorShapeProblems(status: number, type: string | undefined, body: unknown): string[] {
  if (status < 400) return [`status ${status} for a path the document does not have (only errors may answer there)`];
  if (!isJson(type)) return [`error answer as ${type ?? 'no Content-Type'}, not JSON`];
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' ? [] : ['error answer not in the shape { error: { code, message } }'];
}

function check(validator: ResponseValidator, res: Response, method: string, url: string, chunks: Buffer[], sawBody: boolean): void {
  const path = url.split('?')[0]!;
  if (path !== '/api' && !path.startsWith('/api/')) return;
  const type = res.getHeader('content-type') as string | undefined;
  let body: unknown;
  if (isJson(type) && chunks.length && method !== 'HEAD') {
    const text = decoded(joined(chunks), res.getHeader('content-encoding') as string | undefined).toString('utf8');
    try {
      body = JSON.parse(text);
    } catch {
      contract.mismatches.push(`${method} ${path} → ${res.statusCode}: Content-Type ${type} but the body is no JSON: ${text.slice(0, 80)}`);
      return;
    }
  }
  contract.checked++;
  const operation = validator.match(method, path);
  let problems: string[];
  if (operation) {
    contract.operations.add(`${operation.method.toUpperCase()} ${operation.template}`);
    problems = validator.validate({ method, path, status: res.statusCode, contentType: type ?? null, hasBody: sawBody, body });
  } else {
    const exempt = NOT_IN_DOCUMENT.find((e) => e.path.test(path));
    problems = exempt && !exempt.checkErrors ? [] : errorShapeProblems(res.statusCode, type, body).map((p) => `${method} ${path}: ${p}`);
  }
  for (const p of problems) contract.mismatches.push(p);
}

/**
 * Puts the contract check in front of a test app (createTestApp calls it). The app's `handle` is Express's entry
 * for every request, so the check wraps `res.write`/`res.end` before any middleware (compression included) does.
 */
export function watchResponses(app: Express, ctx: AppContext): void {
  if (!contract.enabled) return;
  // Built now, while the test file sets up, not at the first answer: building blocks the event loop for a moment
  // (the worker's first app: the document and its components, ~0.2 s, more on a busy machine), which would hold up
  // whatever the request left running in the background (a place-name lookup waiting for its turn).
  const started = performance.now();
  const validator = validatorOf(ctx);
  contract.spentMs += performance.now() - started;
  const appWithHandle = app as unknown as { handle: (req: Request, res: Response, next?: unknown) => void };
  const handle = appWithHandle.handle.bind(app);
  appWithHandle.handle = (req, res, next) => {
    const method = req.method;
    const url = req.originalUrl ?? req.url;
    if (url.startsWith('/api')) {
      const chunks: Buffer[] = [];
      let sawBody = false;
      const keep = (chunk: unknown, encoding: unknown) => {
        const buffer = toBuffer(chunk, encoding);
        if (!buffer?.length) return;
        sawBody = true;
        if (isJson(res.getHeader('content-type') as string | undefined)) chunks.push(buffer);
      };
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
        keep(chunk, encoding);
        return write(chunk, encoding, cb);
      }) as Response['write'];
      res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
        keep(chunk, encoding);
        // Checked before the last bytes go out, so the mismatch is recorded before the test sees the answer.
        const started = performance.now();
        try {
          check(validator, res, method, url, chunks, sawBody);
        } catch (err) {
          contract.mismatches.push(`${method} ${url}: the contract check failed: ${String(err)}`);
        }
        contract.spentMs += performance.now() - started;
        return end(chunk, encoding, cb);
      }) as Response['end'];
    }
    handle(req, res, next);
  };
}

/** Hands the collected mismatches to the caller (the suite's afterEach) and forgets them. */
export function takeMismatches(): string[] {
  return contract.mismatches.splice(0);
}
