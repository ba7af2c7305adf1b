import { describe, expect, it } from 'vitest';
import { Client, type Answer, instancesLoggedFor } from './client.js';

/**
 * Limits count in the database, so three instances count together: every answer names what is left of the
 * client's window (RateLimit header, draft 8), and that number goes down by one per request whichever instance
 * answers, until the one after the last allowed gets 429. All requests come from 127.0.0.1 through nginx; the
 * instances see that address (TRUST_PROXY=1, the X-Forwarded-For entry nginx adds).
 */

const PASSWORD = 'sicheres-passwort';

/** `r` (requests left) of the RateLimit header of `family`, and its policy's `q` (the limit). */
function limitOf(answer: Answer, family: string): { left: number; limit: number } {
  const left = new RegExp(`"${family}";\\s*r=(\\d+)`).exec(answer.headers.get('ratelimit') ?? '')?.[1];
  const limit = new RegExp(`"${family}";\\s*q=(\\d+)`).exec(answer.headers.get('ratelimit-policy') ?? '')?.[1];
  if (left === undefined || limit === undefined) throw new Error(`no ${family} limit headers: ${[...answer.headers].join(' | ')}`);
  return { left: Number(left), limit: Number(limit) };
}

/**
 * Sends `request` until it is refused with 429 (at most `max` times): each allowed answer must leave exactly one
 * fewer than the one before, and the refusal must come right after the last one left.
 */
async function untilRefused(family: string, request: (n: number) => Promise<Answer>, allowed: number[], max: number) {
  const answers: Answer[] = [];
  for (let n = 0; n < max; n++) {
    const answer = await request(n);
    answers.push(answer);
    if (answer.status === 429) break;
    expect(allowed).toContain(answer.status);
  }
  const last = answers.at(-1)!;
  expect(last.status, `no 429 after ${answers.length} requests`).toBe(429);
  expect(last.body.error.code).toBe('rate_limited');
  expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  const lefts = answers.slice(0, -1).map((a) => limitOf(a, family).left);
  expect(lefts.at(-1)).toBe(0);
  lefts.forEach((left, i) => i > 0 && expect(left).toBe(lefts[i - 1]! - 1));
  return { answers, lefts, limit: limitOf(answers[0]!, family).limit };
}

describe('rate limits hold across the three instances', () => {
  it('registration: 5 an hour per address for the whole run, whichever instance took the earlier ones', async () => {
    const clients = Array.from({ length: 6 }, (_, n) => new Client(`lena-${n}`));
    const run = await untilRefused(
      'register',
      (n) =>
        clients[n]!.send('POST', '/api/auth/register', { json: { email: n ? `lena${n}@example.de` : 'lena@example.de', password: PASSWORD, name: 'Lena' } }),
      [201],
      6,
    );
    expect(run.limit).toBe(5);
    // Anna, Ben, Clara (1-day) and Rita (2-rolling-restart) registered through other instances before.
    expect(run.lefts[0]).toBe(run.limit - 5);
  });

  it('account lockout: the 6th login within 15 minutes is refused, after 5 wrong passwords on different instances', async () => {
    const client = new Client('lena-login');
    for (let n = 0; n < 5; n++) await client.expect(401, 'POST', '/api/auth/login', { json: { email: 'lena@example.de', password: 'falsch-falsch' } });
    const locked = await client.expect(429, 'POST', '/api/auth/login', { json: { email: 'lena@example.de', password: PASSWORD } });
    expect(locked.body.error.code).toBe('login_locked');
    expect(new Set(instancesLoggedFor(client.requestIds)).size).toBe(3);
  });

  it('login: 10 attempts per 5 minutes per address, counted together by the three', async () => {
    const client = new Client('stranger');
    const run = await untilRefused(
      'login',
      (n) => client.send('POST', '/api/auth/login', { json: { email: `niemand${n}@example.de`, password: 'falsch-falsch' } }),
      [401],
      12,
    );
    expect(run.limit).toBe(10);
    expect(new Set(instancesLoggedFor(client.requestIds)).size).toBe(3);
  });
});
