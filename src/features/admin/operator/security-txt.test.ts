import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const clock = fixedClock('2026-11-21T10:00:00Z');
const t = useTestApp({ clock, env: { ADMIN_EMAIL: 'sicherheit@pfoten.example' } });

/** RFC 9116 §2.5: one field per line, "Name: value"; Contact (one or more) and Expires (exactly once) are required. */
function parse(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split('\n').filter((l) => l.trim() && !l.startsWith('#'))) {
    const m = /^([A-Za-z-]+): (.+)$/.exec(line);
    if (!m) throw new Error(`not a field: ${line}`);
    fields.set(m[1]!.toLowerCase(), [...(fields.get(m[1]!.toLowerCase()) ?? []), m[2]!]);
  }
  return fields;
}

describe('/.well-known/security.txt (RFC 9116)', () => {
  it('names the operator’s contact, an expiry in the future (under a year), languages and the canonical URL', async () => {
    const res = await request(t.app).get('/.well-known/security.txt').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const f = parse(res.text);
    expect(f.get('contact')).toEqual(['mailto:sicherheit@pfoten.example']);
    expect(f.get('expires')).toHaveLength(1);
    const expires = Date.parse(f.get('expires')![0]!);
    expect(f.get('expires')![0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(expires).toBeGreaterThan(clock.now().getTime());
    expect(expires - clock.now().getTime()).toBeLessThan(365 * 86_400_000);
    expect(f.get('preferred-languages')).toEqual(['de, en']);
    expect(f.get('canonical')).toEqual(['http://127.0.0.1/.well-known/security.txt']);
    // Later, still in the future: it moves with the clock.
    clock.set('2027-11-21T10:00:00Z');
    expect(Date.parse(parse((await request(t.app).get('/.well-known/security.txt')).text).get('expires')![0]!)).toBeGreaterThan(clock.now().getTime());
    clock.set('2026-11-21T10:00:00Z');
  });

  it('follows the admin’s contact setting; without an email the imprint is the contact', async () => {
    const admin = agentAs(t, await buildAdmin(t.ctx));
    await admin.patch('/api/admin/settings').send({ contact_email: '' }).expect(200);
    expect(parse((await request(t.app).get('/.well-known/security.txt')).text).get('contact')).toEqual(['http://127.0.0.1/impressum']);
    await admin.patch('/api/admin/settings').send({ contact_email: 'neu@pfoten.example' }).expect(200);
    expect(parse((await request(t.app).get('/.well-known/security.txt')).text).get('contact')).toEqual(['mailto:neu@pfoten.example']);
  });
});
