import type { Response } from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeJpeg, PDF } from '../../../../test/fakes/photos.js';
import { agentAs, buildDog, buildUser, shareDog, type BuiltUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/**
 * Family sharing's matrix over every per-dog route of the project (dogs, diary entries, diary media, media files,
 * dog photo, the health kinds, practice, members, health documents, PDF, emergency card): what the owner, an
 * accepted caregiver and a stranger may do. The decision lives in ownership.ts's roleFor; this test holds every
 * area to it. Owner: everything. Caregiver: 'read' and 'write' routes (read everything, add diary entries and
 * weights; change their own entries), nothing that is 'manage'. Stranger: 403 everywhere.
 */

type Need = 'read' | 'write' | 'manage';
type Agent = ReturnType<typeof agentAs>;

interface World {
  owner: BuiltUser;
  dogId: number;
  entryId: number;
  ids: Record<string, number>;
  /** Uploads a real photo to the entry (as the owner) and returns its row. */
  photo(): Promise<{ id: number; url: string; preview_url: string }>;
  /** Uploads a PDF document (as the owner). */
  document(): Promise<{ id: number; url: string }>;
}

async function world(): Promise<World & { caregiver: BuiltUser; stranger: BuiltUser }> {
  const owner = await buildUser(t.ctx);
  const caregiver = await buildUser(t.ctx);
  const stranger = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner });
  const a = agentAs(t, owner);
  await shareDog(t, a, dog.id, caregiver);
  const entry = await a.post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-01-10', text: 'Spaziergang' }).expect(201);
  const ids: Record<string, number> = {};
  const seeds: [string, Record<string, unknown>][] = [
    ['vaccinations', { vaccine: 'Tollwut', date: '2026-01-01' }],
    ['vet-visits', { date: '2026-01-02', reason: 'Kontrolle' }],
    ['weights', { date: '2026-01-03', weight_kg: 20 }],
    ['medications', { name: 'Apoquel', start_date: '2026-01-04' }],
    ['allergies', { allergen: 'Huhn' }],
    ['findings', { date: '2026-01-05', title: 'Blutbild' }],
  ];
  for (const [path, body] of seeds) ids[path] = (await a.post(`/api/dogs/${dog.id}/${path}`).send(body).expect(201)).body.id;
  await a.put(`/api/dogs/${dog.id}/vet-practice`).send({ name: 'Praxis', phone: '030 1' }).expect(200);
  return {
    owner,
    caregiver,
    stranger,
    dogId: dog.id,
    entryId: entry.body.id,
    ids,
    async photo() {
      const res = await a
        .post(`/api/diary/${entry.body.id}/media`)
        .attach('files', await makeJpeg(), 'hund.jpg')
        .expect(201);
      return res.body.items[0];
    },
    async document() {
      return (await a.post(`/api/dogs/${dog.id}/health-documents`).field('title', 'Befund').attach('file', PDF, 'b.pdf').expect(201)).body;
    },
  };
}

interface Case {
  name: string;
  need: Need;
  run(agent: Agent, w: World): Promise<Response>;
}

const KIND_BODIES: Record<string, { create: Record<string, unknown>; patch: Record<string, unknown>; need: { create: Need; change: Need } }> = {
  vaccinations: { create: { vaccine: 'Staupe', date: '2026-01-06' }, patch: { notes: 'x' }, need: { create: 'manage', change: 'manage' } },
  'vet-visits': { create: { date: '2026-01-06', reason: 'Impfung' }, patch: { cost_cents: 1 }, need: { create: 'manage', change: 'manage' } },
  weights: { create: { date: '2026-01-06', weight_kg: 21 }, patch: { weight_kg: 22 }, need: { create: 'write', change: 'write' } },
  medications: { create: { name: 'Wurmkur', start_date: '2026-01-06' }, patch: { dosage: '1' }, need: { create: 'manage', change: 'manage' } },
  allergies: { create: { allergen: 'Rind' }, patch: { severity: 'mild' }, need: { create: 'manage', change: 'manage' } },
  findings: { create: { date: '2026-01-06', title: 'Röntgen' }, patch: { text: 'x' }, need: { create: 'manage', change: 'manage' } },
};

const CASES: Case[] = [
  { name: 'GET dog', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}`) },
  { name: 'PATCH dog', need: 'manage', run: (a, w) => a.patch(`/api/dogs/${w.dogId}`).send({ name: 'Neu' }) },
  { name: 'DELETE dog', need: 'manage', run: (a, w) => a.delete(`/api/dogs/${w.dogId}`) },
  { name: 'POST dog photo', need: 'manage', run: async (a, w) => a.post(`/api/dogs/${w.dogId}/photo`).attach('file', await makeJpeg(), 'hund.jpg') },
  { name: 'GET diary list', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/diary`) },
  { name: 'POST diary entry', need: 'write', run: (a, w) => a.post(`/api/dogs/${w.dogId}/diary`).send({ date: '2026-01-11', text: 'Betreut' }) },
  { name: 'GET diary entry', need: 'read', run: (a, w) => a.get(`/api/diary/${w.entryId}`) },
  // The entry here is the owner's: a caregiver changes only entries they wrote (decisions; diary/authorship.test.ts
  // covers their own), so on the owner's entry these are the owner's alone.
  { name: 'PATCH diary entry', need: 'manage', run: (a, w) => a.patch(`/api/diary/${w.entryId}`).send({ text: 'Geändert' }) },
  { name: 'DELETE diary entry', need: 'manage', run: (a, w) => a.delete(`/api/diary/${w.entryId}`) },
  { name: 'POST diary media', need: 'manage', run: async (a, w) => a.post(`/api/diary/${w.entryId}/media`).attach('files', await makeJpeg(), 'hund.jpg') },
  { name: 'DELETE diary media', need: 'manage', run: async (a, w) => a.delete(`/api/diary/media/${(await w.photo()).id}`) },
  { name: 'GET diary photo file', need: 'read', run: async (a, w) => a.get((await w.photo()).url) },
  { name: 'GET diary preview file', need: 'read', run: async (a, w) => a.get((await w.photo()).preview_url) },
  { name: 'GET diary stats of the dog', need: 'read', run: (a, w) => a.get(`/api/diary/stats?dog_id=${w.dogId}`) },
  { name: 'GET diary calendar of the dog', need: 'read', run: (a, w) => a.get(`/api/diary/calendar?month=2026-01&dog_id=${w.dogId}`) },
  { name: 'GET diary locations of the dog', need: 'read', run: (a, w) => a.get(`/api/diary/locations?dog_id=${w.dogId}`) },
  { name: 'GET diary mosaic of the dog', need: 'read', run: (a, w) => a.get(`/api/diary/media?dog_id=${w.dogId}`) },
  { name: 'GET vet practice', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/vet-practice`) },
  { name: 'PUT vet practice', need: 'manage', run: (a, w) => a.put(`/api/dogs/${w.dogId}/vet-practice`).send({ name: 'Andere' }) },
  {
    name: 'POST health document',
    need: 'manage',
    run: (a, w) => a.post(`/api/dogs/${w.dogId}/health-documents`).field('title', 'Impfpass').attach('file', PDF, 'a.pdf'),
  },
  { name: 'GET health documents', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/health-documents`) },
  { name: 'GET health document file', need: 'read', run: async (a, w) => a.get((await w.document()).url) },
  { name: 'DELETE health document', need: 'manage', run: async (a, w) => a.delete(`/api/health-documents/${(await w.document()).id}`) },
  { name: 'GET health record PDF', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/health-record.pdf`) },
  { name: 'POST emergency card', need: 'manage', run: (a, w) => a.post(`/api/dogs/${w.dogId}/emergency-card`).send({}) },
  { name: 'GET members', need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/members`) },
  { name: 'POST member', need: 'manage', run: (a, w) => a.post(`/api/dogs/${w.dogId}/members`).send({ email: 'neu@example.de' }) },
  ...Object.entries(KIND_BODIES).flatMap(([path, k]): Case[] => [
    { name: `GET ${path} list`, need: 'read', run: (a, w) => a.get(`/api/dogs/${w.dogId}/${path}`) },
    { name: `POST ${path}`, need: k.need.create, run: (a, w) => a.post(`/api/dogs/${w.dogId}/${path}`).send(k.create) },
    { name: `GET ${path} item`, need: 'read', run: (a, w) => a.get(`/api/${path}/${w.ids[path]}`) },
    { name: `PATCH ${path}`, need: k.need.change, run: (a, w) => a.patch(`/api/${path}/${w.ids[path]}`).send(k.patch) },
    { name: `DELETE ${path}`, need: 'manage', run: (a, w) => a.delete(`/api/${path}/${w.ids[path]}`) },
  ]),
];

const ROLES = ['owner', 'caregiver', 'stranger'] as const;
const allowed = (role: (typeof ROLES)[number], need: Need) => role === 'owner' || (role === 'caregiver' && need !== 'manage');

describe('caregiver matrix over every per-dog route', () => {
  it.each(CASES)('$name ($need)', async (c) => {
    for (const role of ROLES) {
      const w = await world();
      const res = await c.run(agentAs(t, w[role]), w);
      const expected = allowed(role, c.need) ? 'allowed' : 'forbidden';
      const got = res.status >= 200 && res.status < 300 ? 'allowed' : res.status === 403 ? 'forbidden' : `status ${res.status}`;
      expect(got, `${role}: ${c.name} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(expected);
    }
  });

  it('a pending (not accepted) invitation gives no access', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner });
    await agentAs(t, owner).post(`/api/dogs/${dog.id}/members`).send({ email: friend.email }).expect(201);
    await agentAs(t, friend).get(`/api/dogs/${dog.id}`).expect(403);
    await agentAs(t, friend).get(`/api/dogs/${dog.id}/weights`).expect(403);
    await agentAs(t, friend).post(`/api/dogs/${dog.id}/diary`).send({ date: '2026-01-11', text: 'x' }).expect(403);
  });
});
