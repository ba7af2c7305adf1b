import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AddressGuard } from './address-guard.js';
import { DEFAULT_MAX_BYTES, UPSTREAM_TIMEOUTS, UpstreamError, type UpstreamDeps, type UpstreamRequest, type UpstreamResponse } from './http-client.js';

/**
 * The house client's rules (timeout class, User-Agent, body cap, one warning per failure) for a URL a user chose:
 * the host is checked by the AddressGuard first, and the connection goes to the address that check resolved — the
 * request's `lookup` hands back that address instead of asking DNS again, so an answer that changes in between
 * (DNS rebinding) cannot point the connection elsewhere. The host name stays in the URL, so the Host header and
 * TLS (SNI and the certificate check) are for the name, not the address. No redirects are followed: a new target
 * would need a check of its own, and push services do not redirect.
 *
 * Node's fetch cannot take a lookup of its own (that needs the undici package), so this runs on node:http(s).
 * Kept-alive sockets are shared per host: a socket opened to a checked address may carry a later request to the
 * same host, which was checked again before it (its check passed, or nothing was sent).
 */

const AGENT_OPTIONS = { keepAlive: true, maxSockets: 16, timeout: 30_000, scheduling: 'lifo' } as const;
const AGENTS: Record<string, http.Agent> = { 'http:': new http.Agent(AGENT_OPTIONS), 'https:': new https.Agent(AGENT_OPTIONS) };

/** A lookup that answers with the checked address only. Node asks with `all: true` when it races address families. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export async function pinnedRequest(deps: UpstreamDeps, guard: AddressGuard, req: UpstreamRequest): Promise<UpstreamResponse> {
  const started = performance.now();
  const url = new URL(req.url);
  const timeoutSignal = AbortSignal.timeout(req.timeoutMs ?? UPSTREAM_TIMEOUTS[req.timeout ?? 'default']);
  const signal = req.signal ? AbortSignal.any([timeoutSignal, req.signal]) : timeoutSignal;
  try {
    const agent = AGENTS[url.protocol];
    if (!agent) throw new UpstreamError(req.upstream, 'refused', `scheme ${url.protocol} refused`);
    const verdict = await guard.check(url.hostname, signal);
    signal.throwIfAborted();
    if (!verdict.ok) {
      if (verdict.problem === 'unresolved') throw new UpstreamError(req.upstream, 'network', `lookup: ${verdict.detail}`);
      throw new UpstreamError(req.upstream, 'refused', `address refused: ${verdict.detail}`);
    }
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(
        {
          protocol: url.protocol,
          hostname: verdict.hostname,
          port: url.port || undefined,
          path: `${url.pathname}${url.search}`,
          method: req.method ?? 'GET',
          headers: { 'User-Agent': deps.config.upstream.userAgent, Accept: 'application/json', ...req.headers },
          agent,
          lookup: pinnedLookup(verdict.address, verdict.family),
          signal,
        },
        resolve,
      );
      request.on('error', reject);
      request.end(req.body);
    });
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400) {
      res.resume();
      throw new UpstreamError(req.upstream, 'redirect', 'redirect refused', res.statusCode);
    }
    const body = await readCapped(res, req.maxBytes ?? DEFAULT_MAX_BYTES, req.upstream);
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      const retryAfter = Number(res.headers['retry-after'] ?? NaN);
      throw new UpstreamError(
        req.upstream,
        'status',
        `HTTP ${status}`,
        status,
        body.subarray(0, 300).toString('utf8'),
        Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined,
      );
    }
    return { status, headers: headersOf(res), body };
  } catch (err) {
    const error = classify(err, req.upstream, timeoutSignal);
    // The origin only: the path of a user's URL can be a secret (a push endpoint's path addresses one device).
    deps.log.warn(
      { upstream: error.upstream, kind: error.kind, status: error.status, target: url.origin, ms: Math.round(performance.now() - started) },
      `upstream request failed: ${error.message}`,
    );
    throw error;
  }
}

async function readCapped(res: http.IncomingMessage, maxBytes: number, upstream: string): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new UpstreamError(upstream, 'too_large', `response of ${declared} bytes exceeds ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      res.destroy();
      throw new UpstreamError(upstream, 'too_large', `response exceeds ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function classify(err: unknown, upstream: string, timeoutSignal: AbortSignal): UpstreamError {
  if (err instanceof UpstreamError) return err;
  const { name, code, message } = err as { name?: string; code?: unknown; message?: string };
  if (name === 'TimeoutError' || timeoutSignal.aborted) return new UpstreamError(upstream, 'timeout', 'timed out');
  if (name === 'AbortError') return new UpstreamError(upstream, 'timeout', 'aborted by caller');
  return new UpstreamError(upstream, 'network', typeof code === 'string' ? code : (message ?? 'network error'));
}
