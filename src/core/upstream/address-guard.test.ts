import { describe, expect, it } from 'vitest';
import { tableLookup } from '../../../test/fakes/dns-table.js';
import { AddressGuard } from './address-guard.js';

const hostOf = (url: string) => new URL(url).hostname;

describe('AddressGuard', () => {
  it('lets public addresses through, literal or resolved, and pins the first resolved one', async () => {
    const lookup = tableLookup({ 'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'] });
    const guard = new AddressGuard({ lookup });
    expect(await guard.check(hostOf('https://fcm.googleapis.com/fcm/send/x'))).toEqual({
      ok: true,
      hostname: 'fcm.googleapis.com',
      address: '142.250.185.74',
      family: 4,
    });
    expect(await guard.check(hostOf('https://8.8.8.8/x'))).toMatchObject({ ok: true, address: '8.8.8.8' });
    expect(await guard.check(hostOf('https://[2606:4700:4700::1111]/x'))).toMatchObject({ ok: true, address: '2606:4700:4700::1111', family: 6 });
    // IPv4 inside IPv6 is judged by the IPv4 address: a DNS64 answer for a public host passes.
    expect(await guard.check(hostOf('https://[64:ff9b::808:808]/x'))).toMatchObject({ ok: true });
    expect(await guard.check(hostOf('https://[::ffff:8.8.8.8]/x'))).toMatchObject({ ok: true });
    expect(lookup.calls).toEqual(['fcm.googleapis.com']);
  });

  it('refuses a name when any one of its addresses is not public, whatever the order', async () => {
    const guard = new AddressGuard({ lookup: tableLookup({ 'a.example': ['8.8.8.8', '10.0.0.7'], 'b.example': ['fd00::1', '8.8.8.8'] }) });
    expect(await guard.check('a.example')).toEqual({ ok: false, hostname: 'a.example', problem: 'refused_address', detail: 'private 10.0.0.7' });
    expect(await guard.check('b.example')).toMatchObject({ ok: false, problem: 'refused_address', detail: 'uniqueLocal fd00::1' });
  });

  it('refuses internal names before asking DNS', async () => {
    const lookup = tableLookup({});
    const guard = new AddressGuard({ lookup });
    for (const url of [
      'https://localhost/x',
      'https://localhost./x',
      'https://api.localhost/x',
      'https://printer.local/x',
      'https://db.internal/x',
      'https://intranet/x',
      'https://nas.lan/x',
      'https://router.home.arpa/x',
    ])
      expect(await guard.check(hostOf(url)), url).toMatchObject({ ok: false, problem: 'internal_name' });
    expect(lookup.calls).toEqual([]);
  });

  it('tells a name that does not resolve (and a resolver that is too slow) from a refused one', async () => {
    const guard = new AddressGuard({ lookup: tableLookup({}) });
    expect(await guard.check('gone.example')).toMatchObject({ ok: false, problem: 'unresolved', detail: 'ENOTFOUND' });
    const stuck = new AddressGuard({ lookup: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const verdict = stuck.check('slow.example', controller.signal);
    controller.abort(new DOMException('budget', 'TimeoutError'));
    expect(await verdict).toMatchObject({ ok: false, problem: 'unresolved', detail: 'TimeoutError' });
  });

  it('lets loopback through only when told to, and nothing else that is internal', async () => {
    const lookup = tableLookup({ 'push.test.example': ['127.0.0.1'], 'ten.test.example': ['10.0.0.1'] });
    const strict = new AddressGuard({ lookup });
    const loose = new AddressGuard({ lookup, allowLoopback: true });
    expect(await strict.check('127.0.0.1')).toMatchObject({ ok: false, detail: 'loopback 127.0.0.1' });
    expect(await loose.check('127.0.0.1')).toMatchObject({ ok: true });
    expect(await loose.check('::1')).toMatchObject({ ok: true });
    expect(await loose.check('push.test.example')).toMatchObject({ ok: true, address: '127.0.0.1' });
    expect(await loose.check('ten.test.example')).toMatchObject({ ok: false, detail: 'private 10.0.0.1' });
    expect(await loose.check('169.254.169.254')).toMatchObject({ ok: false, detail: 'linkLocal 169.254.169.254' });
    // Loopback in disguise is not "loopback" for the seam.
    expect(await loose.check('::ffff:127.0.0.1')).toMatchObject({ ok: false, detail: 'ipv4Mapped:loopback ::ffff:7f00:1' });
  });

  it('reads the short, decimal, octal and hex IPv4 forms in a bare host name too (not only after URL parsing)', async () => {
    const guard = new AddressGuard({ lookup: tableLookup({}) });
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '017700000001'])
      expect(await guard.check(host), host).toMatchObject({ ok: false, problem: 'refused_address', detail: 'loopback 127.0.0.1' });
  });
});
