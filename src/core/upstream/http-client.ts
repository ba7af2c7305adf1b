import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/**
 * THE outgoing HTTP client. Every call to a service elsewhere goes through here, so all of them share the rules:
 * a timeout class (spec: 5 s short, 10 s default, 30 s long), our User-Agent, a cap on the response body, no
 * redirects to another host, no retries inside a request (jobs retry later), and one structured warning per failure.
 */

export const UPSTREAM_TIMEOUTS = { short: 5_000, default: 10_000, long: 30_000 } as const;
export type TimeoutClass = keyof typeof UPSTREAM_TIMEOUTS;

/** Response bodies are capped at 2 MB unless a caller (map data: 20 MB) says otherwise. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_SAME_HOST_REDIRECTS = 3;

/** 'refused': the address guard refused the target (pinned-request.ts); nothing was sent. */
export type UpstreamFailure = 'timeout' | 'network' | 'status' | 'too_large' | 'invalid_json' | 'invalid_response' | 'redirect' | 'refused';

export class UpstreamError extends Error {
  constructor(
    readonly upstream: string,
    readonly kind: UpstreamFailure,
    message: string,
    /** The HTTP status for kind 'status' (and 'redirect'). */
    readonly status?: number,
    /** The start of the body of an error answer, for callers that tell error shapes apart. */
    readonly bodySnippet?: string,
    /** Seconds from a Retry-After header (429/503), for callers that retry later (push deliveries). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamDeps {
  config: Pick<Config, 'upstream'>;
  log: Logger;
}

export interface UpstreamRequest {
  /** Short name for logs, e.g. 'brightsky'. */
  upstream: string;
  url: string | URL;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** Text, or bytes (an encrypted web-push message). */
  body?: string | Uint8Array<ArrayBuffer>;
  timeout?: TimeoutClass;
  /** Overrides the class, for callers with a budget of their own (and tests). */
  timeoutMs?: number;
  maxBytes?: number;
  /** Aborts together with the caller (e.g. an overall budget across several instances). */
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Where a request went, without the query: query strings may carry API keys. */
function safeTarget(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

async function readCapped(res: Response, maxBytes: number, upstream: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new UpstreamError(upstream, 'too_large', `response of ${declared} bytes exceeds ${maxBytes}`);
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new UpstreamError(upstream, 'too_large', `response exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function classify(err: unknown, upstream: string, signal: AbortSignal, callerSignal?: AbortSignal): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || (name === 'AbortError' && signal.aborted && !callerSignal?.aborted))
    return new UpstreamError(upstream, 'timeout', 'timed out');
  if (name === 'AbortError') return new UpstreamError(upstream, 'timeout', 'aborted by caller');
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return new UpstreamError(upstream, 'network', cause?.code ?? cause?.message ?? (err as Error).message ?? 'network error');
}

/** Sends one request. 2xx answers come back; everything else is an UpstreamError (already logged as a warning). */
export async function upstreamRequest(deps: UpstreamDeps, req: UpstreamRequest): Promise<UpstreamResponse> {
  const started = performance.now();
  const timeoutMs = req.timeoutMs ?? UPSTREAM_TIMEOUTS[req.timeout ?? 'default'];
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = req.signal ? AbortSignal.any([timeoutSignal, req.signal]) : timeoutSignal;
  let url = new URL(req.url);
  const origin = url.origin;
  try {
    for (let hop = 0; ; hop++) {
      const res = await fetch(url, {
        method: req.method ?? 'GET',
        headers: { 'User-Agent': deps.config.upstream.userAgent, Accept: 'application/json', ...req.headers },
        body: req.body,
        redirect: 'manual',
        signal,
      });
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        await res.body?.cancel();
        const next = new URL(res.headers.get('location') ?? '', url);
        // Only the host we were configured for: a redirect elsewhere could leak data or reach internal services.
        if (next.origin !== origin || hop >= MAX_SAME_HOST_REDIRECTS)
          throw new UpstreamError(req.upstream, 'redirect', `redirect to ${next.origin} refused`, res.status);
        url = next;
        continue;
      }
      const body = await readCapped(res, req.maxBytes ?? DEFAULT_MAX_BYTES, req.upstream);
      if (res.status < 200 || res.status >= 300) {
        const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
        throw new UpstreamError(
          req.upstream,
          'status',
          `HTTP ${res.status}`,
          res.status,
          body.subarray(0, 300).toString('utf8'),
          Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
        );
      }
      return { status: res.status, headers: res.headers, body };
    }
  } catch (err) {
    const error = classify(err, req.upstream, timeoutSignal, req.signal);
    deps.log.warn(
      { upstream: error.upstream, kind: error.kind, status: error.status, target: safeTarget(url), ms: Math.round(performance.now() - started) },
      `upstream request failed: ${error.message}`,
    );
    throw error;
  }
}

/** GET (or send) and parse JSON. A body that is not JSON is an UpstreamError of kind 'invalid_json'. */
export async function upstreamJson(deps: UpstreamDeps, req: UpstreamRequest): Promise<unknown> {
  const res = await upstreamRequest(deps, req);
  try {
    return JSON.parse(res.body.toString('utf8')) as unknown;
  } catch {
    const error = new UpstreamError(req.upstream, 'invalid_json', 'response is not JSON');
    deps.log.warn({ upstream: req.upstream, kind: error.kind, target: safeTarget(new URL(req.url)) }, 'upstream answered garbage');
    throw error;
  }
}

/** JSON checked against a schema: an answer of another shape is an UpstreamError of kind 'invalid_response'. */
export async function upstreamJsonAs<T extends z.ZodType>(deps: UpstreamDeps, req: UpstreamRequest, schema: T): Promise<z.infer<T>> {
  const json = await upstreamJson(deps, req);
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const error = new UpstreamError(req.upstream, 'invalid_response', 'response has an unexpected shape');
  deps.log.warn(
    { upstream: req.upstream, kind: error.kind, target: safeTarget(new URL(req.url)), issue: parsed.error.issues[0]?.path.join('.') },
    'upstream answered an unexpected shape',
  );
  throw error;
}
