import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, PDF } from '../../../../test/fakes/photos.js';
import { binaryBody } from '../../../../test/helpers/binary.js';
import { agentAs, buildDog, buildUser, type BuiltUser } from '../../../../test/helpers/factories.js';
import { storedBytes } from '../../../../test/helpers/media.js';
import { schemaColumns, type SchemaColumn } from '../../../../test/helpers/schema-columns.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';
import { keyPrefixOf, userMediaUrlPrefix } from '#core/media/paths.js';
import { mediaKeyOf } from '#core/media/storage.js';
import { buildExportsJob } from './exports.jobs.js';

/**
 * The data export holds every file the user uploaded (decisions, Operator and hardening; DSGVO Art. 15 and 20). The
 * list of what names a stored file is read from the database schema itself, so a table a new migration adds with a
 * photo or file column fails this test until its files reach the ZIP (an export section) and the fixture below
 * gives it a row.
 */

const clock = fixedClock('2026-11-25T10:00:00Z');
const t = useTestApp({ clock });

/** Columns whose names say they may hold a stored file's URL (a text column named like this is a candidate). */
const FILE_LIKE = /(^|_)(url|uri|photo|picture|avatar|image|media|file|document|attachment|upload|scan)s?(_|$)/;

/**
 * Text columns that look like files but are none the user uploaded, each with the reason. Anything else named like a
 * file, or holding a media URL, must reach the ZIP.
 */
const NOT_AN_UPLOAD: Record<string, string> = {
  'notifications.url': 'the screen a notification opens (/app/…), not a file',
  'services.url': "a service's own website",
  'data_exports.file': 'the export ZIP itself',
  'diary_media.preview_url': 'the small copy the app made of diary_media.url (that original is exported)',
  'daily_photos.url': "the day's pick among diary_media.url (cached; the original is exported)",
};

const HERE = { lat: 52.5219, lon: 13.4132 };
/** A valid new item of each map kind with a photo, by its table (the kinds' own create bodies). */
const MAP_ITEMS: Record<string, { path: string; body: object }> = {
  poison_warnings: { path: 'poison-warnings', body: { ...HERE, kind: 'poison', description: 'Köder am Ufer' } },
  lost_dogs: { path: 'lost-dogs', body: { ...HERE, name: 'Flocke', description: 'Weiß, scheu', last_seen_at: '2026-11-24T10:00:00Z' } },
  playdates: { path: 'playdates', body: { ...HERE, title: 'Welpentreff', starts_at: '2099-01-01T10:00:00Z' } },
  adoptions: { path: 'adoptions', body: { ...HERE, title: 'Bruno sucht ein Zuhause', description: 'Lieb, verträglich.' } },
  events: { path: 'events', body: { ...HERE, title: 'Hundefest', starts_at: '2099-05-01T10:00:00Z' } },
  sitting: { path: 'sitting', body: { ...HERE, type: 'offer', description: 'Ich passe am Wochenende auf.' } },
  walk_slots: { path: 'walk-slots', body: { ...HERE, weekday: 0, start_time: '08:00', end_time: '09:00' } },
  services: { path: 'services', body: { ...HERE, name: 'Hundesalon Wuff', category: 'hundesalon' } },
};

type Agent = ReturnType<typeof agentAs>;
const jpeg = (seed: number) => makeJpeg({ width: 40 + seed, height: 30 + seed });

/** Every kind of upload there is: health document, dog photo, avatar, diary photo, a photo on every map kind. */
async function uploadEverything(a: Agent, dogId: number): Promise<void> {
  await a.post(`/api/dogs/${dogId}/health-documents`).field('title', 'Impfpass/../..').attach('file', PDF, 'impfpass.pdf').expect(201);
  await a
    .post(`/api/dogs/${dogId}/photo`)
    .attach('file', await jpeg(1), 'hund.jpg')
    .expect(200);
  await a
    .post('/api/me/avatar')
    .attach('file', await jpeg(2), 'ich.jpg')
    .expect(200);
  const entry = await a.post(`/api/dogs/${dogId}/diary`).send({ date: '2026-11-20', title: 'Am See', text: 'Bello schwimmt.' }).expect(201);
  await a
    .post(`/api/diary/${entry.body.id}/media`)
    .attach('files', await jpeg(3), 'see.jpg')
    .expect(201);
  let seed = 10;
  for (const { path, body } of Object.values(MAP_ITEMS)) {
    const item = await a.post(`/api/${path}`).send(body).expect(201);
    await a
      .post(`/api/${path}/${item.body.id}/photo`)
      .attach('file', await jpeg(seed++), 'karte.jpg')
      .expect(200);
  }
}

async function downloadExport(a: Agent): Promise<Record<string, Uint8Array>> {
  const asked = await a.post('/api/me/exports').expect(202);
  await buildExportsJob.run(t.ctx);
  const zip = await a.get(`/api/me/exports/${asked.body.id}/download`).buffer(true).parse(binaryBody).expect(200);
  return unzipSync(new Uint8Array(zip.body as Buffer));
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const nameOf = (c: SchemaColumn) => `${c.table}.${c.column}`;

describe('the data export holds every stored file the user uploaded', () => {
  let me: BuiltUser;
  let dogId: number;
  let files: Record<string, Uint8Array>;
  let columns: SchemaColumn[];

  beforeAll(async () => {
    me = await buildUser(t.ctx, { name: 'Exa Export' });
    dogId = (await buildDog(t.ctx, { user: me, name: '../../x/y' })).id;
    await uploadEverything(agentAs(t, me), dogId);
    files = await downloadExport(agentAs(t, me));
    columns = (await schemaColumns(t.ctx.db, t.ctx.engine)).filter((c) => c.text);
  });

  /** The non-empty values of a text column. */
  const valuesOf = async (c: SchemaColumn) =>
    (await sql<{ v: string }>`select ${sql.ref(c.column)} as v from ${sql.table(c.table)} where ${sql.ref(c.column)} is not null`.execute(t.ctx.db)).rows.map(
      (r) => r.v,
    );

  it('every column the schema names like a file, or that holds a media URL, is an upload the ZIP carries or a listed exception', async () => {
    const holdingMedia: string[] = [];
    for (const c of columns) if ((await valuesOf(c)).some((v) => mediaKeyOf(v) !== undefined)) holdingMedia.push(nameOf(c));
    const candidates = new Set([...columns.filter((c) => FILE_LIKE.test(c.column)).map(nameOf), ...holdingMedia]);
    // The exceptions are real columns still (a renamed one must leave the list, not linger in it).
    for (const name of Object.keys(NOT_AN_UPLOAD)) expect(candidates, name).toContain(name);
    const uploads = [...candidates].filter((name) => !(name in NOT_AN_UPLOAD)).sort();
    // What the schema holds today; the walk below does not rely on this list, it says what "every" meant when written.
    expect(uploads).toEqual(
      expect.arrayContaining(['dogs.photo_url', 'users.avatar_url', 'diary_media.url', 'health_documents.url', 'poison_warnings.photo_url']),
    );

    const index = JSON.parse(new TextDecoder().decode(files['daten/dateien.json'])) as { url: string; file: string }[];
    const inZip = new Map(index.map((f) => [f.url, f.file]));
    const missing: string[] = [];
    for (const name of uploads) {
      const [table, column] = name.split('.') as [string, string];
      const urls = (await valuesOf({ table, column, text: true })).filter((v) => mediaKeyOf(v) !== undefined);
      if (!urls.length) missing.push(`${name}: the fixture uploads no file into it (add one above, and an export section)`);
      for (const url of urls) {
        const file = inZip.get(url);
        const stored = await storedBytes(t.ctx, url);
        if (!file || !files[file]) missing.push(`${name}: ${url} is not in the ZIP`);
        else if (!stored || !Buffer.from(files[file]).equals(stored)) missing.push(`${name}: ${file} is not the stored file`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('a health document, the dog photo, the avatar, a diary photo and a map photo, byte for byte, under readable names', async () => {
    const [doc] = (await agentAs(t, me).get(`/api/dogs/${dogId}/health-documents`).expect(200)).body.items;
    expect(Buffer.from(files[`medien/gesundheit/_.._x_y Impfpass_.._.. ${doc.id}.pdf`]!).equals(PDF)).toBe(true);
    const names = Object.keys(files);
    const byName = (prefix: string) => names.filter((n) => n.startsWith(prefix));
    expect(byName('medien/hunde/')).toEqual([expect.stringMatching(/^medien\/hunde\/_\.\._x_y \d+\.webp$/)]);
    expect(byName('medien/profilbild')).toEqual(['medien/profilbild.webp']);
    expect(byName('medien/tagebuch/')).toEqual([expect.stringMatching(/^medien\/tagebuch\/2026-11-20 \d+-1\.(jpg|webp)$/)]);
    expect(byName('medien/karte/Giftköder-Warnung ')).toHaveLength(1);
    expect(byName('medien/karte/')).toHaveLength(Object.keys(MAP_ITEMS).length);
    expect(byName('gesundheit/')).toEqual(['gesundheit/_.._x_y.pdf']);
  });

  it('every file the store holds for the user is in the ZIP (but the export itself and the previews the app made)', async () => {
    const hashes = new Set(Object.values(files).map(sha));
    const prefix = keyPrefixOf(userMediaUrlPrefix(me.id));
    const absent: string[] = [];
    for await (const { key } of t.ctx.media.list(prefix)) {
      if (key.startsWith(`${prefix}exports/`) || /_preview\.\w+$/.test(key)) continue;
      const bytes = await t.ctx.media.readBuffer(key);
      if (!bytes || !hashes.has(sha(bytes))) absent.push(key);
    }
    expect(absent).toEqual([]);
  });

  it('no entry climbs out of its folder: every name is a known folder and one flat segment', () => {
    for (const name of Object.keys(files)) {
      const parts = name.split('/');
      expect(
        parts.every((p) => p !== '' && p !== '.' && p !== '..'),
        name,
      ).toBe(true);
      expect(parts.slice(0, -1).join('/'), name).toMatch(/^(|daten|medien|medien\/(hunde|tagebuch|gesundheit|karte)|gesundheit|routen)$/);
    }
  });
});
