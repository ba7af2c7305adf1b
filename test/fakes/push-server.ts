import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decrypt } from 'http_ece';
import { FakeHttpServer } from './fake-http-server.js';

export type PushMode = '201' | '400' | '403' | '404' | '410' | '413' | '429' | '500' | '503' | 'hang';

export interface ReceivedPush {
  device: string;
  headers: IncomingMessage['headers'];
  /** The decrypted JSON the service worker would get. */
  payload: Record<string, unknown>;
  bodyBytes: number;
  /** Claims of the VAPID token, checked with the sender's public key. */
  vapid: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

export interface FakeDevice {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/**
 * A push service on 127.0.0.1 (RFC 8030) like FCM or Mozilla's: devices are made here (a P-256 key pair and an
 * auth secret, as a browser would), each POST is checked the way a real service does (TTL, aes128gcm, ≤ 4096
 * bytes, a valid ES256 VAPID token whose aud is this origin), and the body is decrypted with http_ece so tests
 * read what the service worker would show. `mode` (all devices) or `modes` (one device) make it answer
 * 201, 4xx, 429 (Retry-After), 5xx or hang.
 */
export class FakePushServer extends FakeHttpServer {
  readonly received: ReceivedPush[] = [];
  /** Requests that failed a check (they were answered 400/401/413). */
  readonly rejected: { device: string; reason: string }[] = [];
  mode: PushMode = '201';
  readonly modes = new Map<string, PushMode>();
  retryAfterSeconds = 30;
  /** Counts every POST, including those answered with an error or left hanging. */
  hits = 0;
  /**
   * The host name in the devices' endpoints (the server listens on 127.0.0.1 whatever it is): a name lets a test
   * resolve it through an injected lookup, as the address guard does with real push services.
   */
  hostName = '127.0.0.1';
  /** Called with each push received (a test can see what else was still open at that moment). */
  onReceive: ((push: ReceivedPush) => void) | undefined;
  readonly #devices = new Map<string, { ecdh: ECDH; auth: string }>();
  readonly #hanging = new Set<ServerResponse>();
  #seq = 0;

  device(): FakeDevice {
    const id = `d${++this.#seq}-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    this.#devices.set(id, { ecdh, auth });
    return { id, subscription: { endpoint: `${this.origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
  }

  /** The endpoints' origin: `url` with `hostName` in it. */
  get origin(): string {
    const url = new URL(this.url);
    url.hostname = this.hostName;
    return url.origin;
  }

  /** Requests left hanging whose connection is still open (the sender has not given up on them yet). */
  get openHanging(): number {
    return this.#hanging.size;
  }

  reset(): void {
    this.received.length = 0;
    this.rejected.length = 0;
    this.modes.clear();
    this.mode = '201';
    this.hits = 0;
    this.releaseHanging();
  }

  /** Ends requests left hanging (so stop() and the sender's sockets do not wait on them). */
  releaseHanging(): void {
    for (const res of this.#hanging) res.destroy();
    this.#hanging.clear();
  }

  receivedBy(device: FakeDevice): ReceivedPush[] {
    return this.received.filter((r) => r.device === device.id);
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.hits++;
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const mode = this.modes.get(id) ?? this.mode;
      if (mode === 'hang') {
        this.#hanging.add(res);
        res.on('close', () => this.#hanging.delete(res));
        return;
      }
      const body = Buffer.concat(chunks);
      const checked = this.#check(req, id, body);
      if ('reason' in checked) {
        this.rejected.push({ device: id, reason: checked.reason });
        res.writeHead(checked.status).end(checked.reason);
        return;
      }
      if (mode !== '201') {
        res.writeHead(Number(mode), mode === '429' ? { 'Retry-After': String(this.retryAfterSeconds) } : {}).end();
        return;
      }
      this.received.push(checked);
      this.onReceive?.(checked);
      res.writeHead(201, { Location: `${this.url}/message/${this.received.length}` }).end();
    });
  }

  #check(req: IncomingMessage, id: string, body: Buffer): { status: number; reason: string } | ReceivedPush {
    const device = this.#devices.get(id);
    if (req.method !== 'POST') return { status: 405, reason: 'method' };
    if (!device) return { status: 404, reason: 'unknown device' };
    if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) return { status: 400, reason: 'TTL missing' };
    if (req.headers['content-encoding'] !== 'aes128gcm') return { status: 400, reason: 'encoding' };
    if (body.length > 4096) return { status: 413, reason: 'payload too large' };
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(req.headers.authorization ?? ''));
    if (!auth?.[1] || !auth[2]) return { status: 401, reason: 'no VAPID authorization' };
    const claims = this.#verifyJwt(auth[1], auth[2]);
    if (!claims) return { status: 403, reason: 'VAPID signature invalid' };
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== this.origin) return { status: 403, reason: `aud ${claims.aud}` };
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return { status: 403, reason: 'exp' };
    if (!/^(mailto:|https:)/.test(claims.sub)) return { status: 403, reason: 'sub' };
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')) as Record<
        string,
        unknown
      >;
    } catch (err) {
      return { status: 400, reason: `decrypt: ${err instanceof Error ? err.message : String(err)}` };
    }
    return { device: id, headers: req.headers, payload, bodyBytes: body.length, vapid: claims, vapidKey: auth[2] };
  }

  #verifyJwt(token: string, key: string): { aud: string; exp: number; sub: string } | null {
    const [header, claims, signature] = token.split('.');
    if (!header || !claims || !signature) return null;
    const point = Buffer.from(key, 'base64url');
    if (point.length !== 65 || point[0] !== 4) return null;
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const ok = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!ok) return null;
    if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg !== 'ES256') return null;
    return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  }

  override async stop(): Promise<void> {
    this.releaseHanging();
    await super.stop();
  }
}
