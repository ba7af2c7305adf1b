// The people and records the fuzz stage runs against: an owner with a dog and private records (each private field
// holds a marker string that must never reach anyone else), a friend he writes with, and a stranger with a dog of
// his own. Private records are written through the API, as the app would; more of the owner's records ("playground")
// come from the document's own create operations with generated valid bodies.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { buildUser, sessionCookie, type BuiltUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';
import { TINY_PNG, type FuzzDocument, type Operation, type PlannedRequest } from './request-plan.js';
import { validArb } from './schema-arbitrary.js';
import { send, type Answer } from './send.js';

export type Persona = 'owner' | 'stranger' | 'anonymous';

/** A record whose private field holds a marker: it must survive the run unchanged and never reach the stranger. */
export interface ProtectedRecord {
  table: string;
  id: number;
  column: string;
  marker: string;
  /** The operations that would change or delete it as its owner; the fuzz does not send those to its id. */
  templates: string[];
}

export interface World {
  owner: BuiltUser;
  stranger: BuiltUser;
  friend: BuiltUser;
  markers: string[];
  protectedRecords: ProtectedRecord[];
  /** The protected dog: it is never deleted, so the owner's dog-scoped operations keep reaching something. */
  dogId: number;
  /** Ids of every record made while seeding (owner's, stranger's) and the three users. */
  ids: number[];
  /** GETs that show the owner his private records: sent by everyone before the fuzz, so the leak check is proven. */
  probes: string[];
  /** Seeding requests that did not succeed (for the log only). */
  seedingMisses: string[];
  cookie(persona: Persona): Promise<string | undefined>;
}

/** Create operations the playground is grown from: no account, admin or outside-service routes. */
const NOT_FOR_SEEDING = /^\/api\/(auth|me|admin|push|csp-reports|moderation|ai|routes\/plan|map-contrib|upgrade-requests|notes\/)/;

export async function seedWorld(t: TestApp, doc: FuzzDocument, operations: Operation[], seed: number): Promise<World> {
  const tag = (seed >>> 0).toString(16).toUpperCase();
  const marker = (what: string) => `GEHEIM${what}X${tag}`;
  const ownerPassword = randomBytes(18).toString('base64url');
  const owner = await buildUser(t.ctx, {
    name: 'Fuzz Halterin',
    email: `halterin.${marker('MAIL').toLowerCase()}@example.de`,
    password: ownerPassword,
    subscription_tier: 'breeder',
  });
  const stranger = await buildUser(t.ctx, { name: 'Fremder Fuzz', subscription_tier: 'breeder' });
  const friend = await buildUser(t.ctx, { name: 'Freundin Fuzz' });
  const users = { owner, stranger, friend };
  const db = t.ctx.db as unknown as Kysely<any>;

  async function cookieOf(user: BuiltUser): Promise<string> {
    // The version is read again each time: a logout or a password change in the run must not lock the fuzz out.
    const row = await db.selectFrom('users').select(['token_version']).where('id', '=', user.id).executeTakeFirst();
    return sessionCookie(t.ctx, { id: user.id, token_version: row?.token_version ?? user.token_version });
  }
  const ids = new Set<number>([owner.id, stranger.id, friend.id]);
  const seedingMisses: string[] = [];

  async function as(user: BuiltUser, plan: PlannedRequest): Promise<Answer> {
    const answer = await send(t.app, plan, await cookieOf(user));
    const id = (answer.json as { id?: unknown } | undefined)?.id;
    if (answer.status < 300 && typeof id === 'number') ids.add(id);
    if (answer.status >= 300) seedingMisses.push(`${plan.method} ${plan.url} → ${answer.status} ${answer.text.slice(0, 160)}`);
    return answer;
  }
  const post = (user: BuiltUser, url: string, value: unknown) => as(user, { method: 'POST', url, mode: 'seed', body: { kind: 'json', value } });
  const idOf = (a: Answer, what: string): number => {
    const id = (a.json as { id?: unknown } | undefined)?.id;
    if (a.status >= 300 || typeof id !== 'number') throw new Error(`fuzz seeding: ${what} failed: ${a.status} ${a.text.slice(0, 300)}`);
    return id;
  };

  const today = t.ctx.clock.now().toISOString().slice(0, 10);
  const dogId = idOf(await post(owner, '/api/dogs', { name: 'Luna', breed: 'Mischling', sex: 'female' }), 'dog');
  const ownerDogs = new Set<number>([dogId]);
  const entryId = idOf(await post(owner, `/api/dogs/${dogId}/diary`, { date: today, text: `Heute im Park. ${marker('TAGEBUCH')}` }), 'diary entry');
  const visitId = idOf(
    await post(owner, `/api/dogs/${dogId}/vet-visits`, { date: today, reason: 'Kontrolle', diagnosis: marker('DIAGNOSE'), notes: marker('TIERARZT') }),
    'vet visit',
  );
  const medicationId = idOf(
    await post(owner, `/api/dogs/${dogId}/medications`, { name: 'Wurmkur', start_date: today, notes: marker('MEDIKAMENT') }),
    'medication',
  );
  const noteId = idOf(await post(owner, '/api/notes', { parent_type: 'dog', parent_id: dogId, rubrik: 'Verhalten', text: marker('NOTIZ') }), 'note');

  // A friendship and a conversation: the friend may read the messages, nobody else.
  idOf(await post(owner, '/api/friends/requests', { user_id: friend.id }), 'friend request');
  const requests = await as(friend, { method: 'GET', url: '/api/friends/requests', mode: 'seed' });
  const incoming = (requests.json as { incoming: { id: number }[] }).incoming[0];
  if (!incoming) throw new Error('fuzz seeding: the friend request did not arrive');
  await as(friend, { method: 'POST', url: `/api/friends/requests/${incoming.id}/accept`, mode: 'seed' });
  const sentId = idOf(await post(owner, `/api/conversations/${friend.id}/messages`, { text: `Hallo! ${marker('NACHRICHTAN')}` }), 'message');
  const receivedId = idOf(await post(friend, `/api/conversations/${owner.id}/messages`, { text: `Hi! ${marker('NACHRICHTVON')}` }), 'message');

  // Public things of the owner: a forum thread and a map item (no markers: others may read them).
  const categories = await as(owner, { method: 'GET', url: '/api/forum/categories', mode: 'seed' });
  const category = (categories.json as { items: { slug: string }[] } | undefined)?.items[0]?.slug;
  if (category) await post(owner, '/api/forum/threads', { category, title: 'Leinenführigkeit', body: 'Wie übt ihr das?' });
  await post(owner, '/api/poison-warnings', { lat: 52.52, lon: 13.405, kind: 'poison', description: 'Köder am Spielplatz' });

  // The playground: a second dog and whatever the document's create operations make of valid bodies.
  const playDogId = idOf(await post(owner, '/api/dogs', { name: 'Spielwiese', sex: 'female' }), 'second dog');
  ownerDogs.add(playDogId);
  const playEntryId = idOf(await post(owner, `/api/dogs/${playDogId}/diary`, { date: today, text: 'Spielplatz' }), 'second diary entry');
  const upload = (url: string, field: string, fields: [string, string][] = []) =>
    as(owner, {
      method: 'POST',
      url,
      mode: 'seed',
      body: { kind: 'multipart', fields, files: [{ field, bytes: TINY_PNG, filename: 'pfote.png', contentType: 'image/png' }] },
    });
  await upload(`/api/diary/${playEntryId}/media`, 'files');
  await upload(`/api/dogs/${playDogId}/health-documents`, 'file', [['title', 'Impfpass']]);
  for (const op of operations) {
    if (op.method !== 'POST' || op.body?.type !== 'json' || NOT_FOR_SEEDING.test(op.template)) continue;
    const params = op.parameters.filter((p) => p.in === 'path');
    if (params.length > 1 || (params.length === 1 && params[0]!.name !== 'dogId')) continue;
    const bodies = fc.sample(validArb(doc, op.body.schema, { plain: true, ids: [...ownerDogs] }), { seed: seed ^ op.template.length, numRuns: 6 });
    let made = 0;
    for (const body of bodies) {
      const answer = await post(owner, op.template.replace('{dogId}', String(made ? dogId : playDogId)), body);
      if (answer.status < 300 && ++made >= 2) break;
    }
  }

  // The stranger's own dog and entry: ids the owner may try in turn.
  const strangerDog = idOf(await post(stranger, '/api/dogs', { name: 'Rex' }), "stranger's dog");
  await post(stranger, `/api/dogs/${strangerDog}/diary`, { date: today, text: 'Fremder Eintrag' });

  const protectedRecords: ProtectedRecord[] = [
    { table: 'dogs', id: dogId, column: 'user_id', marker: String(owner.id), templates: ['DELETE /api/dogs/{dogId}'] },
    {
      table: 'diary_entries',
      id: entryId,
      column: 'text',
      marker: marker('TAGEBUCH'),
      templates: ['PATCH /api/diary/{entryId}', 'DELETE /api/diary/{entryId}'],
    },
    { table: 'vet_visits', id: visitId, column: 'notes', marker: marker('TIERARZT'), templates: ['PATCH /api/vet-visits/{id}', 'DELETE /api/vet-visits/{id}'] },
    { table: 'vet_visits', id: visitId, column: 'diagnosis', marker: marker('DIAGNOSE'), templates: [] },
    {
      table: 'medications',
      id: medicationId,
      column: 'notes',
      marker: marker('MEDIKAMENT'),
      templates: ['PATCH /api/medications/{id}', 'DELETE /api/medications/{id}'],
    },
    { table: 'notes', id: noteId, column: 'text', marker: marker('NOTIZ'), templates: ['PATCH /api/notes/{id}', 'DELETE /api/notes/{id}'] },
    { table: 'messages', id: sentId, column: 'text', marker: marker('NACHRICHTAN'), templates: [] },
    { table: 'messages', id: receivedId, column: 'text', marker: marker('NACHRICHTVON'), templates: [] },
  ];
  return {
    ...users,
    markers: [...protectedRecords.map((r) => r.marker).filter((m) => m.startsWith('GEHEIM')), marker('MAIL').toLowerCase()],
    protectedRecords,
    dogId,
    ids: [...ids].sort((a, b) => a - b),
    seedingMisses,
    probes: [
      `/api/diary/${entryId}`,
      `/api/vet-visits/${visitId}`,
      `/api/medications/${medicationId}`,
      `/api/notes/${noteId}`,
      `/api/conversations/${friend.id}/messages`,
      `/api/conversations/${owner.id}/messages`,
    ],
    cookie: async (persona) => (persona === 'anonymous' ? undefined : cookieOf(users[persona])),
  };
}
