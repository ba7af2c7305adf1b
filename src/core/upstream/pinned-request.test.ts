import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tableLookup } from '../../../test/fakes/dns-table.js';
import { captureLog } from '../../../test/helpers/log-capture.js';
import { rejectionOf } from '../../../test/helpers/rejection.js';
import { AddressGuard } from './address-guard.js';
import { UpstreamError } from './http-client.js';
import { pinnedRequest } from './pinned-request.js';

/**
 * The servers listen on 127.0.0.2, an address no resolver would give for the names used here: a request that
 * arrives there was connected to the address the guard's (injected) lookup answered, not to a second lookup's.
 */
const PINNED = '127.0.0.2';
const { lines, log } = captureLog('warn');
const deps = { config: { upstream: { userAgent: 'Pfotenbuch/test (+http://127.0.0.1)' } }, log } as Parameters<typeof pinnedRequest>[0];

const seen: { host: string | undefined; localAddress: string | undefined; path: string | undefined; body: string }[] = [];
let answer: { status: number; headers?: Record<string, string> } = { status: 201 };
let http: Server;
let port = 0;
let tls: TcpServer;
let tlsPort = 0;
const helloes: Buffer[] = [];

beforeAll(async () => {
  http = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, localAddress: req.socket.localAddress, path: req.url, body });
      res.writeHead(answer.status, answer.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, PINNED, resolve));
  port = (http.address() as AddressInfo).port;
  // Not a TLS server: it keeps the client's first bytes (the ClientHello, whose SNI is in clear text) and hangs up.
  tls = createTcpServer((socket) => socket.once('data', (hello: Buffer) => (helloes.push(hello), socket.destroy())));
  await new Promise<void>((resolve) => tls.listen(0, PINNED, resolve));
  tlsPort = (tls.address() as AddressInfo).port;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await new Promise((resolve) => tls.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  lines.length = 0;
  answer = { status: 201 };
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, UpstreamError);

describe('pinnedRequest', () => {
  it('connects to the checked address with one lookup; the Host header keeps the name', async () => {
    const lookup = tableLookup({ 'push.pinned.example': [PINNED] });
    const guard = new AddressGuard({ lookup, allowLoopback: true });
    const res = await pinnedRequest(deps, guard, { upstream: 'test', url: `http://push.pinned.example:${port}/push/d1?x=1`, method: 'POST', body: 'hi' });
    expect(res.status).toBe(201);
    expect(res.body.toString()).toBe('ok');
    expect(seen).toEqual([{ host: `push.pinned.example:${port}`, localAddress: PINNED, path: '/push/d1?x=1', body: 'hi' }]);
    expect(lookup.calls).toEqual(['push.pinned.example']);
  });

  it('checks again on every request: a name that now resolves inside is not sent to, and the log names the origin only', async () => {
    const lookup = tableLookup({ 'rebind.example': [PINNED] });
    const guard = new AddressGuard({ lookup, allowLoopback: true });
    await pinnedRequest(deps, guard, { upstream: 'test', url: `http://rebind.example:${port}/a` });
    lookup.set('rebind.example', ['10.0.0.1']);
    const err = await failure(pinnedRequest(deps, guard, { upstream: 'test', url: `http://rebind.example:${port}/secret-device-token` }));
    expect(err.kind).toBe('refused');
    expect(err.message).toBe('address refused: private 10.0.0.1');
    expect(seen).toHaveLength(1);
    expect(lookup.calls).toEqual(['rebind.example', 'rebind.example']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ upstream: 'test', kind: 'refused', target: `http://rebind.example:${port}` });
    expect(JSON.stringify(lines)).not.toContain('secret-device-token');
  });

  it('does not follow redirects (a new target would need its own check)', async () => {
    answer = { status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/' } };
    const guard = new AddressGuard({ lookup: tableLookup({ 'push.pinned.example': [PINNED] }), allowLoopback: true });
    const err = await failure(pinnedRequest(deps, guard, { upstream: 'test', url: `http://push.pinned.example:${port}/r` }));
    expect(err).toMatchObject({ kind: 'redirect', status: 302 });
    expect(seen).toHaveLength(1);
  });

  it('speaks TLS to the checked address with the host name as SNI', async () => {
    const lookup = tableLookup({ 'push.sni.example': [PINNED] });
    const guard = new AddressGuard({ lookup, allowLoopback: true });
    const err = await failure(pinnedRequest(deps, guard, { upstream: 'test', url: `https://push.sni.example:${tlsPort}/x`, timeoutMs: 2000 }));
    expect(err.kind).toBe('network'); // the fake hangs up after the ClientHello
    expect(helloes).toHaveLength(1);
    expect(helloes[0]?.includes('push.sni.example')).toBe(true);
    expect(lookup.calls).toEqual(['push.sni.example']);
  });

  it('refuses schemes other than http: and https: without a lookup', async () => {
    const lookup = tableLookup({});
    const err = await failure(pinnedRequest(deps, new AddressGuard({ lookup }), { upstream: 'test', url: 'ftp://files.example/x' }));
    expect(err.kind).toBe('refused');
    expect(lookup.calls).toEqual([]);
  });
});
