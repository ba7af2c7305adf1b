import { describe, expect, it } from 'vitest';
import { queryCounter } from '../helpers/query-count.js';
import { daytimeClock, useTestApp } from '../helpers/test-app.js';
import { adminCases } from './query-counts/admin-cases.js';
import { communityCases } from './query-counts/community-cases.js';
import { dogCases } from './query-counts/dog-cases.js';
import { fanOutCases } from './query-counts/fan-out-cases.js';
import { makeKit } from './query-counts/kit.js';

/**
 * Issue 29, "nothing slow left in a request": the list routes people use most must not run one query per item.
 * Each route is asked with N items and again with 3N (same user, N = 5 and 15); the number of SQL statements must
 * be the same both times and stay within the route's bound (the numbers are in docs/performance.md, "Queries per
 * request"). The same for the writes that tell many people (N and 3N people near a warning, N and 3N moderators
 * more for a report). The counts include the session lookup (the counter empties the session cache first) and a
 * transaction's BEGIN and COMMIT; they are the same on SQLite and PostgreSQL.
 */

const N = 5;
const queries = queryCounter();
// 3 June 2026, 10:00 in Berlin, moving with real time: dates in May are in the past, pushes are outside quiet hours.
const t = useTestApp({ clock: daytimeClock('2026-06-03T08:00:00Z'), onQuery: queries.onQuery });

// The cases live in query-counts/, by area; each gets the test app and the shared helpers (kit.ts).
const kit = makeKit(t);
const CASES = [...dogCases(t, kit), ...communityCases(t, kit), ...adminCases(t, kit)];
const FAN_OUT = fanOutCases(t, kit);

const counted: { route: string; small: number; large: number }[] = [];

describe('queries per request (issue 29): a route runs as many statements for 3N items as for N', () => {
  for (const c of [...CASES, ...FAN_OUT]) {
    it(`${c.route}: at most ${c.bound}, the same for ${N} and ${3 * N} items`, async () => {
      const s = await c.scenario();
      await s.add(N);
      await s.prepare?.();
      const small = await queries.during(t.ctx, () => s.get());
      expect(small.result.status, JSON.stringify(small.result.body)).toBe(s.status ?? 200);
      if (s.size) expect(await s.size(small.result.body)).toBe(N);
      await s.add(2 * N);
      await s.prepare?.();
      const large = await queries.during(t.ctx, () => s.get());
      expect(large.result.status).toBe(s.status ?? 200);
      if (s.size) expect(await s.size(large.result.body)).toBe(3 * N);
      counted.push({ route: c.route, small: small.count, large: large.count });
      if (!c.adaptiveSteps) {
        expect(large.count, `${c.route}: ${small.count} statements for ${N} items, ${large.count} for ${3 * N}:\n${large.sql.join('\n')}`).toBe(small.count);
      }
      expect(small.count, `${c.route}:\n${small.sql.join('\n')}`).toBeLessThanOrEqual(c.bound);
      expect(large.count, `${c.route}:\n${large.sql.join('\n')}`).toBeLessThanOrEqual(c.bound);
    });
  }
  it.skipIf(!process.env.QUERY_COUNTS_REPORT)('report', () => {
    console.warn(counted.map((c) => `| \`${c.route}\` | ${c.small} | ${c.large} |`).join('\n'));
  });
});
