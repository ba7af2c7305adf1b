import { beforeAll, describe, expect, it } from 'vitest';
import { tableLookup } from '../../../../test/fakes/dns-table.js';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { usePushTestApp } from '../../../../test/helpers/push.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { AddressGuard } from '#core/upstream/address-guard.js';
import { notify } from './index.js';

/**
 * The push endpoint SSRF guard (issue 31): every form of an address that is not public is refused when a device
 * subscribes (400, in German), and again when a push is sent, because DNS may answer differently by then; the push
 * goes to the address checked for it. Names resolve through an injected table: no test asks real DNS.
 */
const NOT_PUBLIC = 'Diese Push-Adresse führt nicht zu einem öffentlichen Push-Dienst.';

// Production rules (no PUSH_ALLOW_HTTP): what a user's browser could send us.
const strict = useTestApp();
const names = tableLookup({
  'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'],
  'loopback.evil.example': ['127.0.0.1'],
  'private.evil.example': ['10.1.2.3'],
  'metadata.evil.example': ['169.254.169.254'],
  'v6-loopback.evil.example': ['::1'],
  'mapped.evil.example': ['::ffff:192.168.0.1'],
  'half.evil.example': ['142.250.185.74', '172.16.0.9'],
});
beforeAll(() => {
  strict.ctx.push.guard = new AddressGuard({ lookup: names });
});

/** Every form refused, each through the URL a user would submit. */
const REFUSED: [form: string, endpoint: string][] = [
  ['IPv4 loopback', 'https://127.0.0.1/push/x'],
  ['IPv4 loopback, other address of 127/8', 'https://127.8.9.10/push/x'],
  ['decimal IPv4 (2130706433 = 127.0.0.1)', 'https://2130706433/push/x'],
  ['octal IPv4 (0177.0.0.1)', 'https://0177.0.0.1/push/x'],
  ['hex IPv4 (0x7f.1)', 'https://0x7f.1/push/x'],
  ['hex IPv4 as one number (0x7f000001)', 'https://0x7f000001/push/x'],
  ['short IPv4 (127.1)', 'https://127.1/push/x'],
  ['IPv4 with a trailing dot', 'https://127.0.0.1./push/x'],
  ['private 10/8', 'https://10.0.0.1/push/x'],
  ['private 172.16/12', 'https://172.16.5.4/push/x'],
  ['private 192.168/16', 'https://192.168.1.1/push/x'],
  ['link-local 169.254/16 (cloud metadata)', 'https://169.254.169.254/push/x'],
  ['carrier-grade NAT 100.64/10', 'https://100.64.0.1/push/x'],
  ['unspecified 0.0.0.0', 'https://0.0.0.0/push/x'],
  ['"this network" 0/8 (0 = 0.0.0.0)', 'https://0/push/x'],
  ['broadcast 255.255.255.255', 'https://255.255.255.255/push/x'],
  ['multicast 224/4', 'https://224.0.0.1/push/x'],
  ['reserved 240/4', 'https://240.0.0.1/push/x'],
  ['documentation 192.0.2/24', 'https://192.0.2.10/push/x'],
  ['benchmarking 198.18/15', 'https://198.18.0.1/push/x'],
  ['IPv6 loopback ::1', 'https://[::1]/push/x'],
  ['IPv6 unspecified ::', 'https://[::]/push/x'],
  ['IPv6 link-local fe80::/10', 'https://[fe80::1]/push/x'],
  ['IPv6 unique-local fc00::/7', 'https://[fd12:3456::1]/push/x'],
  ['IPv6 multicast ff00::/8', 'https://[ff02::1]/push/x'],
  ['IPv6 site-local fec0::/10 (deprecated)', 'https://[fec0::1]/push/x'],
  ['IPv6 documentation 2001:db8::/32', 'https://[2001:db8::1]/push/x'],
  ['IPv4-mapped IPv6 of loopback', 'https://[::ffff:127.0.0.1]/push/x'],
  ['IPv4-mapped IPv6 of loopback, hex form', 'https://[::ffff:7f00:1]/push/x'],
  ['IPv4-mapped IPv6 of a private address', 'https://[::ffff:10.0.0.1]/push/x'],
  ['IPv4-translated IPv6 of loopback (::ffff:0:0/96)', 'https://[::ffff:0:7f00:1]/push/x'],
  ['IPv4-compatible IPv6 (::127.0.0.1)', 'https://[::127.0.0.1]/push/x'],
  ['NAT64 of loopback (64:ff9b::/96)', 'https://[64:ff9b::7f00:1]/push/x'],
  ['NAT64 of a private address', 'https://[64:ff9b::10.0.0.1]/push/x'],
  ['local-use NAT64 64:ff9b:1::/48', 'https://[64:ff9b:1::a00:1]/push/x'],
  ['6to4 2002::/16', 'https://[2002:7f00:1::1]/push/x'],
  ['Teredo 2001::/32', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push/x'],
  ['localhost', 'https://localhost/push/x'],
  ['a .localhost name', 'https://push.localhost/push/x'],
  ['an mDNS .local name', 'https://printer.local/push/x'],
  ['an .internal name', 'https://db.internal/push/x'],
  ['a home.arpa name', 'https://router.home.arpa/push/x'],
  ['a single-label name', 'https://intranet/push/x'],
  ['a name resolving to loopback', 'https://loopback.evil.example/push/x'],
  ['a name resolving to a private address', 'https://private.evil.example/push/x'],
  ['a name resolving to the metadata address', 'https://metadata.evil.example/push/x'],
  ['a name resolving to IPv6 loopback', 'https://v6-loopback.evil.example/push/x'],
  ['a name resolving to IPv4-mapped private', 'https://mapped.evil.example/push/x'],
  ['a name with one public and one private address', 'https://half.evil.example/push/x'],
];

describe('POST /api/push/subscriptions refuses endpoints that do not lead to a public push service', () => {
  it.each(REFUSED)('%s: %s', async (_form, endpoint) => {
    const user = await buildUser(strict.ctx);
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    const res = await agentAs(strict, user).post('/api/push/subscriptions').send({ endpoint, keys }).expect(400);
    expect(res.body.error).toMatchObject({ message: NOT_PUBLIC, fields: { endpoint: NOT_PUBLIC } });
    expect(await strict.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('takes a public push service, a name that does not exist is 400, a resolver that does not answer 503', async () => {
    const agent = agentAs(strict, await buildUser(strict.ctx));
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
    await agent.post('/api/push/subscriptions').send({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys }).expect(201);
    const missing = await agent.post('/api/push/subscriptions').send({ endpoint: 'https://nope.evil.example/x', keys }).expect(400);
    expect(missing.body.error.fields.endpoint).toBe('Den Push-Dienst dieser Adresse finden wir nicht.');
    const before = strict.ctx.push.guard;
    strict.ctx.push.guard = new AddressGuard({
      lookup: () => Promise.reject(Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' })),
    });
    try {
      const down = await agent.post('/api/push/subscriptions').send({ endpoint: 'https://fcm.googleapis.com/fcm/send/def', keys }).expect(503);
      expect(down.body.error.message).toBe('Wir erreichen den Push-Dienst gerade nicht. Versuch es bitte gleich noch einmal.');
    } finally {
      strict.ctx.push.guard = before;
    }
  });
});

// Test rules (PUSH_ALLOW_HTTP): the fake push service on 127.0.0.1, reached through a name the injected table resolves.
const clock = fixedClock('2026-11-21T10:00:00Z'); // 11:00 in Berlin: outside the default quiet hours
const { t, fake, subscribe, freshQueueEachTest } = usePushTestApp({ clock });
freshQueueEachTest(clock, '2026-11-21T10:00:00Z');
fake.hostName = 'push.service.example';
const dns = tableLookup({ 'push.service.example': ['127.0.0.1'] });
beforeAll(() => {
  t.ctx.push.guard = new AddressGuard({ lookup: dns, allowLoopback: true });
});
const message = { title: 'Neue Nachricht', body: 'Hallo!', url: '/app/chat/1' };
const subscriptionsOf = (userId: number) => t.ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();

describe('sending a push checks the endpoint again', () => {
  it('lets loopback through only under PUSH_ALLOW_HTTP, and nothing else internal', async () => {
    const agent = agentAs(t, await buildUser(t.ctx));
    const keys = fake.device().subscription.keys;
    for (const endpoint of ['http://10.0.0.1/push/x', 'http://169.254.169.254/push/x', 'http://[::ffff:127.0.0.1]/push/x'])
      expect((await agent.post('/api/push/subscriptions').send({ endpoint, keys }).expect(400)).body.error.message, endpoint).toBe(NOT_PUBLIC);
  });

  it('posts to the address checked for this push, with one lookup per push and the name in the Host header', async () => {
    const user = await buildUser(t.ctx);
    const a = await subscribe(user);
    const b = await subscribe(user);
    dns.calls.length = 0;
    await notify(t.ctx, user.id, 'message', message);
    await t.ctx.push.settled();
    expect(fake.receivedBy(a)).toHaveLength(1);
    expect(fake.receivedBy(b)).toHaveLength(1);
    expect(dns.calls).toEqual(['push.service.example', 'push.service.example']);
    expect(fake.received[0]?.headers.host).toBe(new URL(fake.origin).host);
  });

  it('does not post when the name resolves to an internal address by the time of sending; the subscription goes', async () => {
    const user = await buildUser(t.ctx);
    const device = await subscribe(user);
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    dns.set('push.service.example', ['10.0.0.8']); // rebound after the subscription was checked
    try {
      await notify(t.ctx, user.id, 'message', message);
      await t.ctx.push.settled();
      expect(fake.hits).toBe(0);
      expect(fake.receivedBy(device)).toEqual([]);
      expect(await subscriptionsOf(user.id)).toEqual([]);
      expect(await t.ctx.db.selectFrom('push_deliveries').select('id').execute()).toEqual([]);
    } finally {
      dns.set('push.service.example', ['127.0.0.1']);
    }
  });
});
