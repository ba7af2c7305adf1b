import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** What test/multi-instance/global-setup.ts provides to every file. */
export interface MultiInstance {
  /** nginx, the only address the clients of these tests use (PUBLIC_URL of the instances). */
  url: string;
  /** The global setup's control server (fakes, restarts, CLI). */
  control: string;
  instances: { index: number; url: string; address: string; logFile: string }[];
  accessLog: string;
  databaseUrl: string;
  /** When all instances and nginx were up (epoch ms). */
  startedAt: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    multi: MultiInstance;
  }
}

export const multi = (): MultiInstance => inject('multi');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it returns something other than undefined; fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/** A call to the global setup's control server. */
export async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(multi().control + path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else undefined (see bytes). */
  body: any;
  bytes: Buffer;
  /** nginx's $request_id, echoed by the app as X-Request-Id: the key into nginx's access log. */
  requestId: string;
}

/** The request id of every answer through nginx, of every client, in the order the answers came (all files). */
export const journal: string[] = [];

/**
 * One person's HTTP client: a cookie jar, the Origin a browser sends on writes, and the request id of every answer
 * (to find which instance served it in nginx's access log). `base` is nginx unless an instance is asked directly.
 */
export class Client {
  readonly #cookies = new Map<string, string>();
  readonly requestIds: string[] = [];

  constructor(readonly name = 'client') {}

  async send(
    method: string,
    path: string,
    options: { json?: unknown; form?: FormData; base?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', origin: multi().url, ...options.headers };
    if (this.#cookies.size) headers.cookie = [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const res = await fetch((options.base ?? multi().url) + path, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const gone = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const requestId = res.headers.get('x-request-id') ?? '';
    if (!options.base) {
      this.requestIds.push(requestId);
      journal.push(requestId);
    }
    const json = /json/.test(res.headers.get('content-type') ?? '') && bytes.length ? (JSON.parse(bytes.toString('utf8')) as unknown) : undefined;
    return { status: res.status, headers: res.headers, body: json, bytes, requestId };
  }

  /** send() that insists on `status` and says what came instead. */
  async expect(status: number, method: string, path: string, options: Parameters<Client['send']>[2] = {}): Promise<Answer> {
    const answer = await this.send(method, path, options);
    if (answer.status !== status)
      throw new Error(`${this.name}: ${method} ${path} answered ${answer.status}, expected ${status}: ${answer.bytes.toString('utf8').slice(0, 500)}`);
    return answer;
  }
}

/**
 * nginx's access log: request id → the instance (index) that answered; the last one when nginx retried. Only answers
 * the instance gave (status below 500): a 502 nginx made of a refused or reset connection names the instance too.
 */
function upstreamsByRequestId(): Map<string, number> {
  const { accessLog, instances } = multi();
  const byAddress = new Map(instances.map((i) => [i.address, i.index]));
  const map = new Map<string, number>();
  for (const line of readFileSync(accessLog, 'utf8').split('\n')) {
    const match = / rid=(\w+) upstream=(\S+(?:, \S+)*) upstream_status=(\S+(?:, \S+)*)$/.exec(line);
    if (!match?.[1] || !match[2] || !match[3]) continue;
    const last = match[2].split(', ').pop() ?? '';
    const status = Number(match[3].split(', ').pop());
    const index = byAddress.get(last);
    if (index !== undefined && status < 500) map.set(match[1], index);
  }
  return map;
}

/** The instances that answered these request ids as far as nginx has logged them (no waiting). */
export function instancesLoggedFor(requestIds: string[]): number[] {
  const map = upstreamsByRequestId();
  return requestIds.flatMap((id) => map.get(id) ?? []);
}

/** The instance that answered each request id, in order (nginx writes its log line as the answer ends). */
export async function instancesOf(requestIds: string[]): Promise<number[]> {
  return until(
    'the access log lines of the requests',
    () => {
      const map = upstreamsByRequestId();
      const found = requestIds.map((id) => map.get(id));
      return found.every((i) => i !== undefined) ? (found as number[]) : undefined;
    },
    5_000,
  );
}

/** Mails the fake SMTP server received. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
}
export const mails = () => control<Mail[]>('GET', '/mails');

export interface Device {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}
export interface Pushes {
  received: { device: string; payload: Record<string, unknown> }[];
  hits: number;
  rejected: { device: string; reason: string }[];
}
export const pushes = () => control<Pushes>('GET', '/push');
