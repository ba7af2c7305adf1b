// A populated service for benchmarks (issue 34): N users, each with the same amount of realistic own data, inserted
// directly (no HTTP, no argon2), so 20,000 users take well under a few minutes. User k's data depends only on k, so a
// database can grow from 200 to 2,000 to 20,000 users and the first users' own data stays the same. Loaded through
// tsImport (like the *.entry.ts files: one copy of kysely), so openDb and the migrations come from here too.
import type { Insertable } from 'kysely';
import type { Database } from '#core/db/schema.js';
import type { Db } from '#core/db/index.js';

export { sql } from 'kysely';
export { openDb } from '#core/db/index.js';
export { migrateToLatest } from '#platform/db/migrate.js';

/** What each user has (per dog where it says so): the same at every size of the service. */
export const PER_USER = {
  dogs: 1.5, // 1 or 2
  diaryPerDog: 15,
  photosPerThirdEntry: 2,
  weightsPerDog: 25,
  vaccinationsPerDog: 4,
  vetVisitsPerDog: 3,
  findingsPerDog: 2,
  routinesPerDog: 3,
  friends: 10, // befriends the 5 before and is befriended by the 5 after
  conversations: 3, // with 3 of the friends before, 8 messages each
  notifications: 15,
  forumPosts: 2, // every fifth user also opened a thread
  mapItems: 2, // two of the eight geo-listed kinds near home
};
/**
 * The forum category page the routes-alone measure asks for: 200 users opened 40 threads, 5 in each of the 8
 * categories, so a page of 4 (and its next cursor) is the same answer at every size; at 20 a category of 5 answered 5
 * threads at 200 users and 20 at 20,000.
 */
export const CATEGORY_PAGE = 4;
const FRIENDS_BEFORE = 5;
const CHATS = 3;
const MESSAGES = 8;

/** The eight geo-listed kinds (API path, table). */
export const GEO_KINDS = [
  ['poison-warnings', 'poison_warnings'],
  ['lost-dogs', 'lost_dogs'],
  ['playdates', 'playdates'],
  ['walk-slots', 'walk_slots'],
  ['adoptions', 'adoptions'],
  ['events', 'events'],
  ['sitting', 'sitting'],
  ['services', 'services'],
] as const;

/**
 * Places where a nearby list is asked at every size with the same answer: ITEMS_AT_PROBE items of every kind within
 * 8 km, and no user's item within PROBE_CLEAR_KM (users' items that would land there go elsewhere).
 */
export const PROBES: [name: string, lat: number, lon: number][] = [
  ['Thüringer Wald', 50.7, 10.7],
  ['Oberpfalz', 49.5, 12.2],
  ['Mecklenburg', 53.6, 12.4],
];
export const ITEMS_AT_PROBE = 25;
const PROBE_CLEAR_KM = 25;

export interface SeededUser {
  id: number;
  home: [lat: number, lon: number];
  dogs: number[];
  /** The newest few diary entries (for reading one and adding photos). */
  entries: number[];
  routines: number[];
  /** Conversations: the other person's id and the newest message's id (a poll asks for what came after it). */
  chats: [other: number, lastMessage: number][];
}

export interface World {
  users: SeededUser[];
  threads: number[];
  categories: string[];
  rows: number;
}

export function emptyWorld(): World {
  return { users: [], threads: [], categories: [], rows: 0 };
}

/** A small deterministic generator per user, so user k's data is the same whatever else is seeded. */
function rng(seed: number): () => number {
  let s = (seed * 2654435761 + 0x9e3779b9) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES: [string, number, number][] = [
  ['Berlin', 52.52, 13.405],
  ['München', 48.137, 11.575],
  ['Hamburg', 53.551, 9.993],
  ['Köln', 50.937, 6.96],
  ['Frankfurt', 50.11, 8.682],
  ['Leipzig', 51.34, 12.37],
];

const km = (a: [number, number], b: [number, number]) => {
  const dLat = (a[0] - b[0]) * 111.2;
  const dLon = (a[1] - b[1]) * 111.2 * Math.cos((a[0] * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
};
const nearProbe = (p: [number, number]) => PROBES.some(([, lat, lon]) => km(p, [lat, lon]) < PROBE_CLEAR_KM);

/** Half the homes around six cities, half anywhere in Germany (47.3–55.0 N, 5.9–15.0 E). */
function homeOf(k: number, r: () => number): { city: string; at: [number, number] } {
  if (k % 2 === 0) {
    const [city, lat, lon] = CITIES[(k / 2) % CITIES.length]!;
    return { city, at: [lat + (r() - 0.5) * 0.5, lon + (r() - 0.5) * 0.8] };
  }
  return { city: 'Land', at: [47.3 + r() * 7.7, 5.9 + r() * 9.1] };
}

const DAY_MS = 86_400_000;
const dayAgo = (today: number, n: number) => new Date(today - n * DAY_MS).toISOString().slice(0, 10);
const TEXT = 'Heute lange Runde am Fluss, viel geschnüffelt und zwei neue Hundefreunde getroffen. Abends müde und zufrieden auf dem Sofa. ';
const MOODS = ['happy', 'playful', 'calm', 'tired'] as const;

/** Kind-specific columns of a map item (the frame's are added by the caller). */
function geoFields(table: string, i: number, now: string, r: () => number): Record<string, unknown> {
  const soon = new Date(Date.now() + (3 + Math.floor(r() * 20)) * DAY_MS).toISOString();
  switch (table) {
    case 'poison_warnings':
      return { kind: 'poison', description: 'Präparierte Wurststücke am Wegrand', status: 'unconfirmed', confirmed_count: 0, last_activity_at: now };
    case 'lost_dogs':
      return { name: `Bello ${i}`, description: 'Brauner Mischling mit rotem Halsband', last_seen_at: now, status: 'lost' };
    case 'playdates':
      return { title: `Welpentreff ${i}`, description: 'Auf der großen Wiese', starts_at: soon, place_name: 'Stadtpark', max_dogs: 6 };
    case 'walk_slots':
      return { weekday: i % 7, start_time: '07:30', end_time: '08:30', place_name: 'Am Deich' };
    case 'adoptions':
      return { title: `Lotte sucht ein Zuhause ${i}`, description: 'Verträglich mit Kindern und Katzen', status: 'open' };
    case 'events':
      return { title: `Hundeschwimmen ${i}`, description: 'Im Freibad, letzter Tag der Saison', starts_at: soon, place_name: 'Freibad' };
    case 'sitting':
      return { type: i % 2 ? 'offer' : 'request', description: 'Kann tagsüber auf deinen Hund aufpassen' };
    default:
      return { name: `Tierarztpraxis ${i}`, category: 'tierarzt', description: 'Auch samstags geöffnet', phone: '030 123456' };
  }
}

/**
 * Inserts rows in statements of at most `per` rows (PostgreSQL takes 65,535 parameters a statement). Every row of a
 * table must name the same columns: kysely writes NULL, not the default, for a column another row of the statement has.
 */
async function insertAll<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[], per = 800): Promise<void> {
  for (let i = 0; i < rows.length; i += per)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .execute();
}

/** Inserts rows and returns their ids in the same order. */
async function insertIds(db: Db, table: 'users' | 'dogs' | 'diary_entries' | 'care_routines' | 'messages' | 'forum_threads', rows: object[], per = 800) {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += per) {
    const got = await db
      .insertInto(table)
      .values(rows.slice(i, i + per) as never)
      .returning('id')
      .execute();
    for (const r of got) ids.push(Number(r.id));
  }
  return ids;
}

/** The fixed items around the probe places, owned by the first user (seeded with the first batch). */
async function seedProbes(db: Db, owner: number, now: string): Promise<number> {
  const r = rng(424242);
  let n = 0;
  for (const [, table] of GEO_KINDS) {
    const rows = PROBES.flatMap(([, lat, lon]) =>
      Array.from({ length: ITEMS_AT_PROBE }, (_, i) => ({
        user_id: owner,
        lat: lat + (r() - 0.5) * 0.14,
        lon: lon + (r() - 0.5) * 0.2,
        created_at: now,
        updated_at: now,
        ...geoFields(table, i, now, r),
      })),
    );
    n += rows.length;
    await insertAll(db, table, rows as never);
  }
  return n;
}

/** Users `world.users.length` … `to - 1` with their own data, in batches of 500 users (one transaction each). */
export async function growWorld(db: Db, world: World, to: number): Promise<void> {
  if (!world.categories.length) world.categories = (await db.selectFrom('forum_categories').select('slug').orderBy('position').execute()).map((c) => c.slug);
  const categoryIds = (await db.selectFrom('forum_categories').select(['id']).orderBy('position').execute()).map((c) => Number(c.id));
  for (let from = world.users.length; from < to; from += 500)
    await db.transaction().execute(async (trx) => {
      world.rows += await seedBatch(trx, world, from, Math.min(to, from + 500), categoryIds);
    });
}

async function seedBatch(db: Db, world: World, from: number, to: number, categoryIds: number[]): Promise<number> {
  const today = Date.now();
  const now = new Date(today).toISOString();
  const ago = (n: number) => dayAgo(today, n);
  const rngs = new Map<number, () => number>();
  const r = (k: number) => rngs.get(k) ?? (rngs.set(k, rng(k)).get(k) as () => number);
  const homes = new Map<number, { city: string; at: [number, number] }>();
  for (let k = from; k < to; k++) homes.set(k, homeOf(k, r(k)));
  let rows = 0;

  const userIds = await insertIds(
    db,
    'users',
    Array.from({ length: to - from }, (_, j) => {
      const k = from + j;
      const home = homes.get(k)!;
      return {
        email: `mix-${k}@bench.example`,
        name: `Halterin ${String((k * 7919) % 100_000).padStart(5, '0')}`,
        password_hash: 'x', // nobody logs in: sessions are minted (bench/mix.mjs)
        city: home.city,
        lat: home.at[0],
        lon: home.at[1],
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      };
    }),
  );
  rows += userIds.length;
  const fresh: SeededUser[] = userIds.map((id, j) => ({ id, home: homes.get(from + j)!.at, dogs: [], entries: [], routines: [], chats: [] }));
  world.users.push(...fresh);
  if (from === 0) rows += await seedProbes(db, userIds[0]!, now);

  // Dogs, then everything that hangs off a dog.
  const dogOwners: number[] = [];
  const dogRows = fresh.flatMap((u, j) =>
    Array.from({ length: 1 + ((from + j) % 2) }, (_, d) => {
      dogOwners.push(j);
      return {
        user_id: u.id,
        name: ['Bello', 'Luna', 'Emma', 'Balu'][(from + j + d) % 4]!,
        breed: 'Labrador Retriever',
        birth_date: ago(400 + ((from + j) % 3000)),
        sex: d % 2 ? 'female' : 'male',
        weight_kg: 28,
        created_at: now,
        updated_at: now,
      };
    }),
  );
  const dogIds = await insertIds(db, 'dogs', dogRows);
  rows += dogIds.length;
  dogIds.forEach((id, i) => fresh[dogOwners[i]!]!.dogs.push(id));

  const entryRows: object[] = [];
  const entryDog: number[] = [];
  const weights: object[] = [];
  const vaccinations: object[] = [];
  const visits: object[] = [];
  const findings: object[] = [];
  const practices: object[] = [];
  const routineRows: object[] = [];
  const routineOwner: number[] = [];
  dogIds.forEach((dogId, i) => {
    const owner = fresh[dogOwners[i]!]!;
    for (let e = 0; e < PER_USER.diaryPerDog; e++) {
      entryDog.push(i);
      entryRows.push({
        dog_id: dogId,
        date: ago(1 + e * 9),
        title: e % 2 ? `Ausflug ${e}` : null,
        text: TEXT.repeat(1 + (e % 3)),
        mood: MOODS[e % MOODS.length],
        author_id: owner.id,
        created_at: now,
        updated_at: now,
      });
    }
    for (let w = 0; w < PER_USER.weightsPerDog; w++)
      weights.push({ dog_id: dogId, date: ago(7 + w * 14), weight_kg: 27 + Math.sin(w / 4), created_at: now, updated_at: now });
    const vaccines = ['Tollwut', 'Staupe', 'Parvovirose', 'Leptospirose'];
    for (let v = 0; v < PER_USER.vaccinationsPerDog; v++)
      vaccinations.push({
        dog_id: dogId,
        vaccine: vaccines[v]!,
        date: ago(30 + v * 90),
        next_due: ago(30 + v * 90 - 365),
        vet_name: 'Dr. Wau',
        created_at: now,
        updated_at: now,
      });
    for (let v = 0; v < PER_USER.vetVisitsPerDog; v++)
      visits.push({
        dog_id: dogId,
        date: ago(20 + v * 120),
        reason: 'Jahrescheck',
        diagnosis: 'Ohne Befund',
        cost_cents: 6500,
        created_at: now,
        updated_at: now,
      });
    for (let f = 0; f < PER_USER.findingsPerDog; f++)
      findings.push({ dog_id: dogId, date: ago(50 + f * 200), title: 'Blutbild', text: 'Alle Werte im Normbereich.', created_at: now, updated_at: now });
    practices.push({ dog_id: dogId, name: 'Praxis am Park', phone: '030 123456', updated_at: now });
    const kinds = ['tick_flea', 'deworming', 'claws'];
    for (let c = 0; c < PER_USER.routinesPerDog; c++) {
      routineOwner.push(dogOwners[i]!);
      routineRows.push({
        dog_id: dogId,
        kind: kinds[c]!,
        intervall_tage: 30 * (c + 1),
        last_done: ago(10 + c),
        next_due: ago(10 + c - 30 * (c + 1)),
        created_at: now,
        updated_at: now,
      });
    }
  });
  const entryIds = await insertIds(db, 'diary_entries', entryRows);
  const media: object[] = [];
  entryIds.forEach((entryId, i) => {
    const dogId = dogIds[entryDog[i]!]!;
    const owner = fresh[dogOwners[entryDog[i]!]!]!;
    if (i % PER_USER.diaryPerDog < 3) owner.entries.push(entryId);
    if (i % 3 === 0)
      for (let p = 0; p < PER_USER.photosPerThirdEntry; p++) {
        const name = `${entryId.toString(36)}${p}bench`;
        media.push({
          entry_id: entryId,
          dog_id: dogId,
          url: `/media/u/${owner.id}/dogs/${dogId}/diary/${name}.webp`,
          preview_url: `/media/u/${owner.id}/dogs/${dogId}/diary/${name}-preview.webp`,
          width: 1600,
          height: 1200,
          bytes: 150_000,
          created_at: now,
        });
      }
  });
  const routineIds = await insertIds(db, 'care_routines', routineRows);
  routineIds.forEach((id, i) => fresh[routineOwner[i]!]!.routines.push(id));
  await insertAll(db, 'diary_media', media as never);
  await insertAll(db, 'weights', weights as never);
  await insertAll(db, 'vaccinations', vaccinations as never);
  await insertAll(db, 'vet_visits', visits as never);
  await insertAll(db, 'findings', findings as never);
  await insertAll(db, 'vet_practices', practices as never);
  rows += entryIds.length + media.length + routineIds.length + weights.length + vaccinations.length + visits.length + findings.length + practices.length;

  // Friends: each user befriends the FRIENDS_BEFORE users before; conversations with the first CHATS of them.
  const friendships: object[] = [];
  const messages: object[] = [];
  const chatOf: [user: SeededUser, other: number][] = [];
  for (let k = from; k < to; k++)
    for (let f = 1; f <= FRIENDS_BEFORE && k - f >= 0; f++) {
      const a = world.users[k - f]!.id;
      const b = world.users[k]!.id;
      const pair = { low: Math.min(a, b), high: Math.max(a, b) };
      friendships.push({ requester_id: a, addressee_id: b, user_low: pair.low, user_high: pair.high, status: 'accepted', created_at: now, accepted_at: now });
      if (f > CHATS) continue;
      for (let m = 0; m < MESSAGES; m++) {
        const last = m === MESSAGES - 1;
        const at = new Date(today - (MESSAGES - m) * 3_600_000 - f * 60_000).toISOString();
        messages.push({
          sender_id: m % 2 ? b : a,
          recipient_id: m % 2 ? a : b,
          pair_low: pair.low,
          pair_high: pair.high,
          text: `Gassi morgen um ${7 + m}?`,
          created_at: at,
          read_at: last ? null : at,
        });
      }
      chatOf.push([world.users[k]!, a]);
      chatOf.push([world.users[k - f]!, b]);
    }
  await insertAll(db, 'friendships', friendships as never);
  const messageIds = await insertIds(db, 'messages', messages);
  chatOf.forEach(([user, other], i) => user.chats.push([other, messageIds[Math.floor(i / 2) * MESSAGES + MESSAGES - 1]!]));
  rows += friendships.length + messageIds.length;

  // Forum: every fifth user opens a thread; everybody answers in two threads opened before. Thread t (user 5t's)
  // goes to category t mod 8, so every category holds the same share at every size: 5 threads each at 200 users
  // (a category by the user's id and the batch left half of them empty and the rest with 10 or 500 threads).
  const openers = fresh.filter((_, j) => (from + j) % 5 === 0);
  const threadIds = await insertIds(
    db,
    'forum_threads',
    openers.map((u, i) => ({
      category_id: categoryIds[(world.threads.length + i) % categoryIds.length]!,
      user_id: u.id,
      title: `Frage zur Leinenführigkeit ${u.id}`,
      created_at: now,
      last_post_at: now,
    })),
  );
  const posts: object[] = threadIds.map((thread, i) => ({ thread_id: thread, user_id: openers[i]!.id, body: TEXT, is_opening: 1, created_at: now }));
  world.threads.push(...threadIds);
  fresh.forEach((u, j) => {
    for (let p = 1; p <= PER_USER.forumPosts; p++) {
      const thread = world.threads[Math.floor((from + j) / 5) - p];
      if (thread !== undefined) posts.push({ thread_id: thread, user_id: u.id, body: `Bei uns hat Geduld geholfen. ${TEXT}`, is_opening: 0, created_at: now });
    }
  });
  await insertAll(db, 'forum_posts', posts as never);
  rows += threadIds.length + posts.length;

  // Notifications, a few unread.
  const notifications: object[] = fresh.flatMap((u) =>
    Array.from({ length: PER_USER.notifications }, (_, n) => ({
      user_id: u.id,
      type: 'friend_request',
      title: 'Neue Freundschaftsanfrage',
      body: 'Jemand möchte mit dir befreundet sein.',
      url: '/app/freunde',
      read_at: n < PER_USER.notifications - 4 ? now : null,
      created_at: new Date(today - (PER_USER.notifications - n) * 3_600_000).toISOString(),
    })),
  );
  await insertAll(db, 'notifications', notifications as never);
  rows += notifications.length;

  // Map items: two kinds per user, near home (a few km), never near the probe places.
  const byTable = new Map<string, object[]>();
  fresh.forEach((u, j) => {
    const k = from + j;
    const rk = r(k);
    for (const which of [k % 8, (k + 3) % 8]) {
      const table = GEO_KINDS[which]![1];
      let at: [number, number] = [u.home[0] + (rk() - 0.5) * 0.08, u.home[1] + (rk() - 0.5) * 0.12];
      while (nearProbe(at)) at = [47.3 + rk() * 7.7, 5.9 + rk() * 9.1];
      const list = byTable.get(table) ?? (byTable.set(table, []).get(table) as object[]);
      list.push({ user_id: u.id, lat: at[0], lon: at[1], created_at: now, updated_at: now, ...geoFields(table, k, now, rk) });
    }
  });
  for (const [table, list] of byTable) {
    await insertAll(db, table as 'services', list as never);
    rows += list.length;
  }
  return rows;
}
