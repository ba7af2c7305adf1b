import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../../../test/fakes/photos.js';
import { binaryBody } from '../../../../test/helpers/binary.js';
import { agentAs, buildDog, buildInvoice, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { storedBytes, storedUnder } from '../../../../test/helpers/media.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { DAY, fixedClock, HOUR, MINUTE } from '#core/clock.js';
import { userMediaUrlPrefix } from '#core/media/paths.js';
import { stagingDir } from '#core/media/storage.js';
import { buildExportsJob, expireExportsJob } from './exports.jobs.js';

const clock = fixedClock('2026-11-25T10:00:00Z');
const t = useTestApp({ clock });

/** The user's export ZIPs in the store (u/<id>/exports/…). */
const storedExports = async (userId: number) => (await storedUnder(t.ctx, `${userMediaUrlPrefix(userId)}exports/`)).filter((n) => n.endsWith('.zip'));

const text = (files: Record<string, Uint8Array>, name: string) => new TextDecoder().decode(files[name]);

/** A user with a bit of everything, and a friend who wrote them a message. */
async function richUser(): Promise<{ me: BuiltUser; friend: BuiltUser; photo: Buffer; dogId: number }> {
  const me = await buildUser(t.ctx, { name: 'Exa Export' });
  const friend = await buildUser(t.ctx, { name: 'Fritz Freund', email: `fritz-${me.id}@example.de` });
  const dog = await buildDog(t.ctx, { user: me, name: 'Bello' });
  const a = agentAs(t, me);
  const entry = await a.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-11-20', title: 'Am See', text: 'Bello schwimmt.' }).expect(201);
  const photo = await makeJpeg({ width: 320, height: 200 });
  await a.post(`/api/diary/${entry.body.id}/media`).attach('files', photo, 'see.jpg').expect(201);
  await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2026-01-01' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/expenses`).send({ date: '2026-11-01', amount_cents: 4599, category: 'futter', description: 'Trockenfutter' }).expect(201);
  const line = {
    type: 'LineString',
    coordinates: [
      [13.4, 52.5],
      [13.41, 52.51],
    ],
  };
  await a.post('/api/routes').send({ name: 'Runde am See', geometry: line, distance_m: 1400 }).expect(201);
  const track = [
    [52.5, 13.4],
    [52.501, 13.401],
    [52.502, 13.402],
  ];
  await a
    .post('/api/walks')
    .send({ dog_ids: [dog.id], started_at: '2026-11-24T07:00:00Z', duration_min: 30, track })
    .expect(201);
  await a.post('/api/notes').send({ parent_type: 'diary_entry', parent_id: entry.body.id, rubrik: 'Allgemein', text: 'Bello mag Wasser.' }).expect(201);
  await a
    .post('/api/places')
    .send({ lat: 52.5, lon: 13.4, name: 'Badestelle', types: ['hundewiese'], public: false })
    .expect(201);
  await a.post('/api/poison-warnings').send({ lat: 52.5, lon: 13.4, kind: 'poison', description: 'Köder am Ufer' }).expect(201);
  await buildInvoice(t.ctx, { user: me });
  await a.post('/api/forum/threads').send({ category: 'erziehung-training', title: 'Schwimmen lernen', body: 'Wie bringt ihr es bei?' }).expect(201);
  const req = await agentAs(t, friend).post('/api/friends/requests').send({ user_id: me.id }).expect(201);
  await a.post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
  await agentAs(t, friend).post(`/api/conversations/${me.id}/messages`).send({ text: 'Gassi morgen?' }).expect(201);
  await a.post(`/api/conversations/${friend.id}/messages`).send({ text: 'Gern, um 8!' }).expect(201);
  return { me, friend, photo, dogId: dog.id };
}

describe('data export', () => {
  it('builds a ZIP by job with every area’s data, the original photo, the PDF, GPX and CSV; only the owner downloads it', async () => {
    const { me, friend, photo } = await richUser();
    const a = agentAs(t, me);
    const asked = await a.post('/api/me/exports').expect(202);
    expect(asked.body).toMatchObject({ status: 'queued', size_bytes: null });
    const again = await a.post('/api/me/exports').expect(429);
    expect(again.body.error.code).toBe('export_daily_limit');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    await a.get(`/api/me/exports/${asked.body.id}/download`).expect(409);

    expect(await buildExportsJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    const list = (await a.get('/api/me/exports').expect(200)).body.items;
    expect(list[0]).toMatchObject({ id: asked.body.id, status: 'ready', expires_at: new Date(clock.now().getTime() + 7 * DAY).toISOString() });
    expect(list[0].size_bytes).toBeGreaterThan(1000);

    await request(t.app).get(`/api/me/exports/${asked.body.id}/download`).expect(401);
    await agentAs(t, friend).get(`/api/me/exports/${asked.body.id}/download`).expect(403);
    await a.get('/api/me/exports/999999/download').expect(404);
    const zip = await a.get(`/api/me/exports/${asked.body.id}/download`).buffer(true).parse(binaryBody).expect(200).expect('Content-Type', 'application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename=pfotenbuch-export-2026-11-25.zip');
    const files = unzipSync(new Uint8Array(zip.body as Buffer));
    const names = Object.keys(files).sort();

    expect(text(files, 'LIESMICH.txt')).toContain('Dein Datenexport aus Pfotenbuch');
    const profile = JSON.parse(text(files, 'daten/profil.json'));
    expect(profile).toMatchObject({ id: me.id, email: me.email, name: 'Exa Export' });
    expect(JSON.stringify(profile)).not.toMatch(/password|hash|token/i);
    expect(JSON.parse(text(files, 'daten/hunde.json'))).toEqual([expect.objectContaining({ name: 'Bello' })]);
    const diary = JSON.parse(text(files, 'daten/tagebuch.json'));
    expect(diary).toEqual([expect.objectContaining({ title: 'Am See', text: 'Bello schwimmt.', author_id: me.id })]);
    // The photo in full size as the app keeps it (turned upright, metadata stripped at upload), byte for byte.
    const original = names.find((n) => n.startsWith('medien/tagebuch/2026-11-20 '));
    expect(original).toBeDefined();
    const stored = await storedBytes(t.ctx, diary[0].media[0].url);
    expect(stored).toBeDefined();
    expect(Buffer.from(files[original!]!).equals(stored!)).toBe(true);
    expect(files[original!]!.length).toBeGreaterThan(photo.length / 4);
    expect(JSON.parse(text(files, 'daten/vaccinations.json'))).toEqual([expect.objectContaining({ vaccine: 'Tollwut' })]);
    expect(JSON.parse(text(files, 'daten/expenses.json'))).toEqual([expect.objectContaining({ amount_cents: 4599 })]);
    expect(text(files, 'gesundheit/Bello.pdf').startsWith('%PDF-')).toBe(true);
    expect(text(files, 'ausgaben.csv')).toContain('Trockenfutter');
    expect(text(files, 'ausgaben.csv')).toContain('45,99');
    expect(
      text(
        files,
        names.find((n) => n.startsWith('routen/Runde am See'))!,
      ),
    ).toContain('<trkpt lat="52.510000" lon="13.410000"/>');
    expect(
      text(
        files,
        names.find((n) => n.startsWith('routen/Spaziergang 2026-11-24'))!,
      ),
    ).toContain('<trkpt lat="52.502000" lon="13.402000"/>');
    expect(JSON.parse(text(files, 'daten/notizen.json'))).toEqual([expect.objectContaining({ text: 'Bello mag Wasser.' })]);
    expect(JSON.parse(text(files, 'daten/orte.json'))).toEqual([expect.objectContaining({ name: 'Badestelle' })]);
    expect(JSON.parse(text(files, 'daten/forum.json'))).toEqual([
      expect.objectContaining({ thread_title: 'Schwimmen lernen', body: 'Wie bringt ihr es bei?' }),
    ]);
    expect(JSON.parse(text(files, 'daten/poison-warnings.json'))).toEqual([expect.objectContaining({ description: 'Köder am Ufer', mine: true })]);
    expect(JSON.parse(text(files, 'daten/rechnungen.json'))).toEqual([expect.objectContaining({ number: expect.stringMatching(/^RG-/) })]);
    const messages = JSON.parse(text(files, 'daten/nachrichten.json'));
    expect(messages.map((m: { direction: string; with: string; text: string }) => [m.direction, m.with, m.text])).toEqual([
      ['empfangen', 'Fritz Freund', 'Gassi morgen?'],
      ['gesendet', 'Fritz Freund', 'Gern, um 8!'],
    ]);
    // Nothing of the other user beyond their name and what they wrote to this user.
    const all = names.filter((n) => n.endsWith('.json') || n.endsWith('.txt') || n.endsWith('.csv')).map((n) => text(files, n));
    expect(all.some((s) => s.includes(friend.email))).toBe(false);
    // The export file is not reachable as a media URL.
    const [file] = await storedExports(me.id);
    expect(file).toBeDefined();
    await a.get(`/media/u/${me.id}/exports/${file}`).expect(404);
  });

  it('picks up an export whose server died mid-build: the half file goes, the ZIP is built anew', async () => {
    const me = await buildUser(t.ctx);
    const a = agentAs(t, me);
    const asked = (await a.post('/api/me/exports').expect(202)).body;
    // A server claimed it and died: the row says running since an hour, a half file lies in the staging folder.
    await t.ctx.db
      .updateTable('data_exports')
      .set({ status: 'running', started_at: new Date(clock.now().getTime() - HOUR).toISOString(), attempts: 1 })
      .where('id', '=', asked.id)
      .execute();
    const dir = stagingDir(t.ctx.config);
    mkdirSync(dir, { recursive: true });
    const half = join(dir, `export-${asked.id}-halb.zip.part`);
    writeFileSync(half, 'PK halb');
    expect((await a.get('/api/me/exports').expect(200)).body.items[0].status).toBe('running');
    await a.get(`/api/me/exports/${asked.id}/download`).expect(409); // never offered half

    clock.advance(MINUTE);
    await buildExportsJob.run(t.ctx);
    expect(existsSync(half)).toBe(false);
    expect(await storedExports(me.id)).toHaveLength(1);
    expect((await a.get('/api/me/exports').expect(200)).body.items[0].status).toBe('ready');
    await a.get(`/api/me/exports/${asked.id}/download`).expect(200);
  });

  it('deletes an export after 7 days, file and row; a new one may then be asked for', async () => {
    const me = await buildUser(t.ctx);
    const a = agentAs(t, me);
    const asked = (await a.post('/api/me/exports').expect(202)).body;
    await buildExportsJob.run(t.ctx);
    expect(await storedExports(me.id)).toHaveLength(1);
    clock.advance(7 * DAY + MINUTE);
    expect(await expireExportsJob.run(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await storedExports(me.id)).toHaveLength(0);
    const later = agentAs(t, me); // a week on: a fresh session
    await later.get(`/api/me/exports/${asked.id}/download`).expect(404);
    await later.post('/api/me/exports').expect(202);
  });
});
