import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, PDF } from '../fakes/photos.js';
import { raiseStaffSession } from '../helpers/staff-second-factor.js';
import { Client, control, type Device, instancesOf, journal, mails, multi, pushes, until } from './client.js';

/**
 * A user's whole day through nginx, round robin over three instances on one PostgreSQL and one S3 store: every
 * request may land on another instance, and everything must behave as on one. Each step runs through the API as the
 * app would call it; files and exports are read back from every instance.
 */

const PASSWORD = 'sicheres-passwort';
// Berlin Alexanderplatz, and a warning about 3 km north (within the 5 km of a poison alert).
const BEN_HOME = { lat: 52.5219, lon: 13.4132 };
const NEAR_BEN = { lat: 52.549, lon: 13.4132 };
const today = new Date().toISOString().slice(0, 10);

const anna = new Client('anna');
const ben = new Client('ben');
const clara = new Client('clara (admin)');
const state: { dogId?: number; photos?: { url: string; preview_url: string }[]; documentUrl?: string; annaDevice?: Device; benDevice?: Device } = {};

/** Where this file's requests start in the journal of all requests through nginx. */
const firstRequest = journal.length;

async function register(client: Client, email: string, name: string): Promise<number> {
  const res = await client.expect(201, 'POST', '/api/auth/register', { json: { email, password: PASSWORD, name } });
  return res.body.id as number;
}

/** Follows the link of the one verification mail to `email` (the link points at nginx, PUBLIC_URL). */
async function verify(client: Client, email: string): Promise<void> {
  const mail = await until(`the verification mail to ${email}`, async () =>
    (await mails()).find((m) => m.to.includes(email) && /\/api\/auth\/verify\?token=/.test(m.text)),
  );
  const link = /(http:\/\/\S+\/api\/auth\/verify\?token=\S+)/.exec(mail.text)?.[1] ?? '';
  expect(link.startsWith(`${multi().url}/api/auth/verify?token=`)).toBe(true);
  const res = await client.expect(200, 'GET', link.slice(multi().url.length));
  expect(res.body).toEqual({ verified: true, already_verified: false });
}

/** GET `path` from each instance directly (no nginx): every one must answer 200 with the same bytes. */
async function fromEveryInstance(client: Client, path: string): Promise<{ type: string; bytes: Buffer }> {
  const answers = [];
  for (const instance of multi().instances) answers.push(await client.expect(200, 'GET', path, { base: instance.url }));
  for (const a of answers) expect(a.bytes.equals(answers[0]!.bytes)).toBe(true);
  return { type: answers[0]!.headers.get('content-type') ?? '', bytes: answers[0]!.bytes };
}

describe('a day with Pfotenbuch, through nginx over three instances', () => {
  beforeAll(async () => {
    state.annaDevice = await control<Device>('POST', '/push/devices');
    state.benDevice = await control<Device>('POST', '/push/devices');
  });

  it('Anna registers and confirms her address from the one mail she gets', async () => {
    await register(anna, 'anna@example.de', 'Anna');
    await verify(anna, 'anna@example.de');
    expect((await anna.expect(200, 'GET', '/api/auth/me')).body).toMatchObject({ email: 'anna@example.de', email_verified: true });
    await anna.expect(201, 'POST', '/api/push/subscriptions', { json: state.annaDevice!.subscription });
  });

  it('Clara becomes admin through the operator CLI on the same database', async () => {
    await register(clara, 'clara@example.de', 'Clara');
    const cli = await control<{ code: number; stdout: string; stderr: string }>('POST', '/cli', ['set-role', 'clara@example.de', 'admin']);
    expect(cli.code, cli.stderr).toBe(0);
    // Each instance caches a session for at most a second.
    await until('the admin role on every instance', async () => {
      const roles = [];
      for (const i of multi().instances) roles.push((await clara.send('GET', '/api/auth/me', { base: i.url })).body?.rolle);
      return roles.every((r) => r === 'admin') ? true : undefined;
    });
    // Staff routes need a second factor: Clara sets up TOTP, which raises her session (the CLI said so).
    expect(cli.stdout).toMatch(/zweiten Faktor/);
    await raiseStaffSession((method, path, json) => clara.send(method, path, { json }), PASSWORD);
  });

  it('Ben, her neighbour, registers, saves his home and subscribes to pushes', async () => {
    await register(ben, 'ben@example.de', 'Ben');
    await verify(ben, 'ben@example.de');
    await ben.expect(200, 'PATCH', '/api/me', { json: BEN_HOME });
    await ben.expect(201, 'POST', '/api/push/subscriptions', { json: state.benDevice!.subscription });
  });

  it('Anna adds her dog and a diary entry with two photos; every instance serves them', async () => {
    state.dogId = (await anna.expect(201, 'POST', '/api/dogs', { json: { name: 'Bello', sex: 'male', birth_date: '2022-04-01' } })).body.id;
    const entry = await anna.expect(201, 'POST', `/api/dogs/${state.dogId}/diary`, { json: { date: today, title: 'Am See', text: 'Bello schwimmt.' } });
    const form = new FormData();
    const jpegs = [await makeJpeg({ width: 320, height: 200 }), await makeJpeg({ width: 200, height: 320, color: '#2a6' })];
    jpegs.forEach((jpeg, i) => form.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `see-${i}.jpg`));
    const uploaded = await anna.expect(201, 'POST', `/api/diary/${entry.body.id}/media`, { form });
    state.photos = uploaded.body.items;
    expect(state.photos).toHaveLength(2);
    for (const photo of state.photos!) {
      expect((await fromEveryInstance(anna, photo.url)).type).toMatch(/^image\//);
      expect((await fromEveryInstance(anna, photo.preview_url)).type).toMatch(/^image\//);
    }
    // And through nginx, three times in a row (three instances).
    for (let i = 0; i < 3; i++) await anna.expect(200, 'GET', state.photos![0]!.url);
    // Another person gets nothing, whichever instance asks.
    for (const instance of multi().instances) expect((await ben.send('GET', state.photos![0]!.url, { base: instance.url })).status).toBe(403);
  });

  it('Anna files the vaccination record as a PDF; every instance returns it unchanged', async () => {
    const form = new FormData();
    form.append('title', 'Impfpass');
    form.append('category', 'impfpass');
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'impfpass.pdf');
    const doc = await anna.expect(201, 'POST', `/api/dogs/${state.dogId}/health-documents`, { form });
    state.documentUrl = doc.body.url;
    const served = await fromEveryInstance(anna, state.documentUrl!);
    expect(served.type).toMatch(/^application\/pdf/);
    expect(served.bytes.equals(PDF)).toBe(true);
    const list = await anna.expect(200, 'GET', `/api/dogs/${state.dogId}/health-documents`);
    expect(list.body.items.map((d: { title: string }) => d.title)).toEqual(['Impfpass']);
  });

  it('Anna asks the forum, Ben answers', async () => {
    const thread = await anna.expect(201, 'POST', '/api/forum/threads', {
      json: { category: 'allgemeines', title: 'Schwimmen lernen', body: 'Wie bringt ihr es bei?' },
    });
    await ben.expect(201, 'POST', `/api/forum/threads/${thread.body.id}/posts`, { json: { body: 'Mit einem Ball im flachen Wasser.' } });
    const read = await anna.expect(200, 'GET', `/api/forum/threads/${thread.body.id}`);
    expect(read.body.posts.map((p: { body: string }) => p.body)).toEqual(['Wie bringt ihr es bei?', 'Mit einem Ball im flachen Wasser.']);
  });

  it('Anna warns of poison bait near Ben: his phone gets exactly one push', async () => {
    const warning = await anna.expect(201, 'POST', '/api/poison-warnings', {
      json: { ...NEAR_BEN, kind: 'poison', description: 'Wurststücke mit Nägeln am Spielplatz' },
    });
    const forBen = async () =>
      (await pushes()).received.filter((p) => p.device === state.benDevice!.id && p.payload.url === `/app/giftkoeder/${warning.body.id}`);
    await until('the poison push on Ben’s phone', async () => ((await forBen()).length ? true : undefined));
    expect(await forBen()).toHaveLength(1);
    const list = await ben.expect(200, 'GET', `/api/poison-warnings?lat=${BEN_HOME.lat}&lon=${BEN_HOME.lon}&radius_km=10`);
    expect(list.body.items.map((w: { id: number }) => w.id)).toContain(warning.body.id);
  });

  it('Anna exports her data: the job (started by the admin) builds it once, every instance hands out the same ZIP', async () => {
    const asked = await anna.expect(202, 'POST', '/api/me/exports');
    expect(asked.body.status).toBe('queued');
    const ready = await until(
      'the export to be ready',
      async () => {
        const mine = (await anna.expect(200, 'GET', '/api/me/exports')).body.items.find((e: { id: number }) => e.id === asked.body.id);
        if (mine.status === 'ready') return mine;
        expect(mine.status).not.toBe('failed');
        // "Start now" on whichever instance nginx picks; 409 while a run (a scheduled one too) holds the lease.
        const run = await clara.send('POST', '/api/admin/jobs/exports.build/run');
        expect([202, 409]).toContain(run.status);
        return undefined;
      },
      70_000,
    );
    expect(ready.size_bytes).toBeGreaterThan(1000);
    const zip = await fromEveryInstance(anna, `/api/me/exports/${asked.body.id}/download`);
    expect(zip.type).toMatch(/^application\/zip/);
    expect(zip.bytes.length).toBe(ready.size_bytes);
    const names = Object.keys(unzipSync(new Uint8Array(zip.bytes)));
    expect(names.filter((n) => /\.jpe?g$/i.test(n))).toHaveLength(2);
    expect(names.some((n) => /\.pdf$/i.test(n))).toBe(true);
    const jobs = (await clara.expect(200, 'GET', '/api/admin/jobs')).body.items;
    expect(jobs.find((j: { name: string }) => j.name === 'exports.build')).toMatchObject({ last_status: 'ok', running: false });
  });

  it('each verification mail arrived once', async () => {
    const received = await mails();
    for (const email of ['anna@example.de', 'ben@example.de', 'clara@example.de'])
      expect(received.filter((m) => m.to.includes(email) && /\/api\/auth\/verify\?token=/.test(m.text))).toHaveLength(1);
  });

  it('the requests of the day were spread over all three instances, consecutive ones on different instances', async () => {
    const served = await instancesOf(journal.slice(firstRequest).filter(Boolean));
    const switches = served.slice(1).filter((instance, i) => instance !== served[i]).length;
    process.stdout.write(
      `day: ${served.length} requests through nginx, per instance ${[0, 1, 2].map((i) => served.filter((s) => s === i).length).join('/')}, ${switches} of ${served.length - 1} consecutive pairs on different instances\n`,
    );
    expect(new Set(served).size).toBe(3);
    expect(switches / (served.length - 1)).toBeGreaterThan(0.9);
  });
});
