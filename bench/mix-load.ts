// The load of bench/mix.mjs (issue 34): what the app's screens send during an owner's session, weighted as in the
// issue's table, from many distinct sessions, plus the driver that sends it (keep-alive connections, each asking
// its next action as soon as the last one is answered) and the sessions themselves, minted the way the app signs them.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import jwt from 'jsonwebtoken';
import { CATEGORY_PAGE, GEO_KINDS, PROBES, type SeededUser, type World } from './seed.js';

export interface Req {
  /** The route's name in the results (its path with the ids left out). */
  route: string;
  method?: 'GET' | 'POST';
  path: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
}

/**
 * A session cookie for a seeded user, signed like the app's (core/auth/tokens.ts: HS256 with JWT_SECRET, token
 * version 0, logged in now), so no password is hashed and no login is asked per user.
 */
export function sessionMinter(secret: string): (userId: number) => string {
  const key = Buffer.from(secret, 'utf8');
  const cookies = new Map<number, string>();
  return (userId) => {
    let cookie = cookies.get(userId);
    if (!cookie) {
      const now = Math.floor(Date.now() / 1000);
      const token = jwt.sign({ sub: String(userId), jti: randomUUID(), tv: 0, at: now, iat: now, exp: now + 7 * 86_400 }, key, { algorithm: 'HS256' });
      cookie = `session=${token}`;
      cookies.set(userId, cookie);
    }
    return cookie;
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const today = () => new Date().toISOString().slice(0, 10);

/** The nine requests the health tab sends when it opens (src/client/areas/dog-records/health; bench/health-tab.mjs). */
export function healthTab(dog: number): Req[] {
  const base = `/api/dogs/${dog}`;
  return [
    { route: 'GET /api/dogs/{id}', path: base },
    ...['vaccinations', 'medications', 'allergies', 'vet-visits', 'findings', 'health-documents'].map((list) => ({
      route: `GET /api/dogs/{id}/${list}`,
      path: `${base}/${list}?limit=20`,
    })),
    { route: 'GET /api/dogs/{id}/weights', path: `${base}/weights?limit=200` },
    { route: 'GET /api/dogs/{id}/vet-practice', path: `${base}/vet-practice` },
  ];
}

/** The eight kinds' nearby lists (10 km) at a place. */
export function nearby(lat: number, lon: number): Req[] {
  return GEO_KINDS.map(([path]) => ({ route: `GET /api/${path}`, path: `/api/${path}?lat=${lat.toFixed(4)}&lon=${lon.toFixed(4)}&radius_km=10` }));
}

/** A photo upload (multipart, one file in the field "files"). */
export function photoUpload(entry: number, jpeg: Buffer): Req {
  const boundary = '----pfotenbuch-bench-mix';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    route: 'POST /api/diary/{id}/media',
    method: 'POST',
    path: `/api/diary/${entry}/media`,
    body: Buffer.concat([head, jpeg, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

type Action = [name: string, weight: number, requests: (u: SeededUser, world: World, jpeg: Buffer) => Req[]];

/** The table: weight per 1,000 actions and what each action sends. */
export const ACTIONS: Action[] = [
  [
    'dashboard',
    200,
    () => [
      { route: 'GET /api/auth/me', path: '/api/auth/me' },
      { route: 'GET /api/welcome-dashboard', path: '/api/welcome-dashboard' },
      { route: 'GET /api/notifications/unread-count', path: '/api/notifications/unread-count' },
    ],
  ],
  [
    'poll messages',
    200,
    (u) => {
      const [other, last] = pick(u.chats);
      return [{ route: 'GET /api/conversations/{id}/messages?after=', path: `/api/conversations/${other}/messages?after=${last}` }];
    },
  ],
  ['diary, all dogs', 120, () => [{ route: 'GET /api/diary/entries', path: '/api/diary/entries?limit=20' }]],
  ['diary, one dog', 40, (u) => [{ route: 'GET /api/dogs/{id}/diary', path: `/api/dogs/${pick(u.dogs)}/diary?limit=20` }]],
  ['forum thread', 80, (_u, w) => [{ route: 'GET /api/forum/threads/{id}', path: `/api/forum/threads/${pick(w.threads)}` }]],
  ['health tab', 60, (u) => healthTab(pick(u.dogs))],
  ['nearby, 10 km', 60, (u) => nearby(u.home[0], u.home[1])],
  ['bell', 50, () => [{ route: 'GET /api/notifications', path: '/api/notifications?limit=20' }]],
  ['conversation list', 40, () => [{ route: 'GET /api/conversations', path: '/api/conversations' }]],
  ['diary entry', 40, (u) => [{ route: 'GET /api/diary/{id}', path: `/api/diary/${pick(u.entries)}` }]],
  ['forum category', 30, (_u, w) => [{ route: 'GET /api/forum/threads?category=', path: `/api/forum/threads?category=${pick(w.categories)}&limit=20` }]],
  [
    'write diary entry',
    40,
    (u) => [
      {
        route: 'POST /api/dogs/{id}/diary',
        method: 'POST',
        path: `/api/dogs/${pick(u.dogs)}/diary`,
        json: { date: today(), title: 'Runde im Park', text: 'Heute viel gerannt und danach lange geschlafen.', mood: 'happy' },
      },
    ],
  ],
  ['care tick', 20, (u) => [{ route: 'POST /api/care-routines/{id}/done', method: 'POST', path: `/api/care-routines/${pick(u.routines)}/done`, json: {} }]],
  [
    'weight',
    15,
    (u) => [{ route: 'POST /api/dogs/{id}/weights', method: 'POST', path: `/api/dogs/${pick(u.dogs)}/weights`, json: { date: today(), weight_kg: 27.5 } }],
  ],
  ['photo upload', 5, (u, _w, jpeg) => [photoUpload(pick(u.entries), jpeg)]],
];

/** One action of the mix for a random seeded user. */
export function mixAction(world: World, jpeg: Buffer): { userId: number; requests: Req[] } {
  let roll = Math.random() * 1000;
  const user = pick(world.users);
  for (const [, weight, requests] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return { userId: user.id, requests: requests(user, world, jpeg) };
  }
  return { userId: user.id, requests: ACTIONS[0]![2](user, world, jpeg) };
}

/** The main routes measured alone at each size, for users among the first 190 (the same own data at every size). */
export function mainRoutes(world: World): [name: string, next: () => { userId: number; requests: Req[] }][] {
  const some = () => world.users[Math.floor(Math.random() * Math.min(190, world.users.length))]!;
  const one = (name: string, make: (u: SeededUser) => Req): [string, () => { userId: number; requests: Req[] }] => [
    name,
    () => {
      const u = some();
      return { userId: u.id, requests: [make(u)] };
    },
  ];
  const probe = () => pick(PROBES);
  return [
    one('GET /api/auth/me', () => ({ route: '', path: '/api/auth/me' })),
    one('GET /api/welcome-dashboard', () => ({ route: '', path: '/api/welcome-dashboard' })),
    one('GET /api/notifications/unread-count', () => ({ route: '', path: '/api/notifications/unread-count' })),
    one('GET /api/conversations/{id}/messages?after=', (u) => {
      const [other, last] = pick(u.chats);
      return { route: '', path: `/api/conversations/${other}/messages?after=${last}` };
    }),
    one('GET /api/diary/entries', () => ({ route: '', path: '/api/diary/entries?limit=20' })),
    one('GET /api/dogs/{id}/diary', (u) => ({ route: '', path: `/api/dogs/${pick(u.dogs)}/diary?limit=20` })),
    one('GET /api/forum/threads/{id}', () => ({ route: '', path: `/api/forum/threads/${world.threads[Math.floor(Math.random() * 38)]}` })),
    one('GET /api/dogs/{id}/weights', (u) => ({ route: '', path: `/api/dogs/${pick(u.dogs)}/weights?limit=200` })),
    one('GET /api/services (probe place)', () => ({ route: '', path: nearby(probe()[1], probe()[2])[7]!.path })),
    one('GET /api/poison-warnings (probe place)', () => ({ route: '', path: nearby(probe()[1], probe()[2])[0]!.path })),
    one('GET /api/notifications', () => ({ route: '', path: '/api/notifications?limit=20' })),
    one('GET /api/conversations', () => ({ route: '', path: '/api/conversations' })),
    one('GET /api/friends', () => ({ route: '', path: '/api/friends' })),
    one('GET /api/diary/{id}', (u) => ({ route: '', path: `/api/diary/${pick(u.entries)}` })),
    one(`GET /api/forum/threads?category=&limit=${CATEGORY_PAGE}`, () => ({
      route: '',
      path: `/api/forum/threads?category=${pick(world.categories)}&limit=${CATEGORY_PAGE}`,
    })),
  ];
}

export interface DriveResult {
  seconds: number;
  total: number;
  actions: number;
  latencies: number[];
  byRoute: Map<string, { times: number[]; bad: number }>;
  non2xx: number;
  errors: number;
  /** Bytes of all answers' bodies (the routes alone: the same answer at every size?). */
  bytes: number;
  /** A few non-2xx answers, to say what went wrong. */
  samples: string[];
}

function send(agent: Agent, base: URL, cookie: string | undefined, r: Req): Promise<{ status: number; ms: number; bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = r.json !== undefined ? Buffer.from(JSON.stringify(r.json)) : r.body;
    const headers: Record<string, string | number> = {};
    if (cookie) headers.cookie = cookie;
    if (body) {
      headers['content-type'] = r.json !== undefined ? 'application/json' : (r.contentType ?? 'application/octet-stream');
      headers['content-length'] = body.length;
    }
    const started = process.hrtime.bigint();
    const req = request({ host: base.hostname, port: base.port, path: r.path, method: r.method ?? 'GET', agent, headers }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let bytes = 0;
      // Only a failed answer's body is kept (to report it); the rest is counted and dropped.
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (status >= 300) chunks.push(c);
      });
      res.on('end', () =>
        resolve({ status, ms: Number(process.hrtime.bigint() - started) / 1e6, bytes, body: Buffer.concat(chunks).toString().slice(0, 200) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `connections` keep-alive connections, each sending its next action's requests one after another as soon as the
 * last is answered, until `seconds` have passed or `count` actions were sent.
 */
export async function drive(options: {
  url: string;
  connections: number;
  seconds?: number;
  count?: number;
  next: () => { userId?: number; requests: Req[] };
  cookie?: (userId: number) => string;
  /** A new connection for every request (Connection: close) instead of keep-alive. */
  fresh?: boolean;
}): Promise<DriveResult> {
  const base = new URL(options.url);
  const result: DriveResult = { seconds: 0, total: 0, actions: 0, latencies: [], byRoute: new Map(), non2xx: 0, errors: 0, bytes: 0, samples: [] };
  const started = performance.now();
  const deadline = options.seconds ? started + options.seconds * 1000 : Infinity;
  let left = options.count ?? Infinity;
  const worker = async () => {
    const agent = new Agent({ keepAlive: !options.fresh, maxSockets: 1 });
    while (performance.now() < deadline && left-- > 0) {
      const action = options.next();
      const cookie = action.userId !== undefined && options.cookie ? options.cookie(action.userId) : undefined;
      result.actions++;
      for (const r of action.requests) {
        let answer;
        try {
          answer = await send(agent, base, cookie, r);
        } catch (error) {
          result.errors++;
          if (result.samples.length < 5) result.samples.push(`${r.path}: ${(error as Error).message}`);
          continue;
        }
        result.total++;
        result.bytes += answer.bytes;
        result.latencies.push(answer.ms);
        const row = result.byRoute.get(r.route) ?? (result.byRoute.set(r.route, { times: [], bad: 0 }).get(r.route) as { times: number[]; bad: number });
        row.times.push(answer.ms);
        if (answer.status >= 300) {
          result.non2xx++;
          row.bad++;
          if (result.samples.length < 5) result.samples.push(`${r.method ?? 'GET'} ${r.path}: ${answer.status} ${answer.body}`);
        }
      }
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}
