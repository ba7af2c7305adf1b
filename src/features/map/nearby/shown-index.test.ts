import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { isPostgres } from '#platform/db/migration-helpers.js';
import { rowsInBox } from '#core/geo-items/geo-items.repo.js';
import { boundingBox } from '#core/geo/index.js';
import { poisonWarnings } from './poison.js';

/**
 * The spatial index of poison warnings holds only the ones the lists show (migrations/0059): archived warnings and
 * false alarms pile up over the years and must not be read and dropped by every list (issue 52).
 */
const t = useTestApp();
const AT = { lat: 50.1, lon: 8.7 };
const NOW = '2026-06-01T10:00:00.000Z';

async function insert(userId: number, status: string, n = 1) {
  const rows = Array.from({ length: n }, (_, i) => ({
    user_id: userId,
    lat: AT.lat + (i % 50) * 0.0005,
    lon: AT.lon + Math.floor(i / 50) * 0.0005,
    kind: 'poison',
    description: status,
    status,
    last_activity_at: NOW,
    created_at: NOW,
    updated_at: NOW,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200)
    ids.push(
      ...(
        await t.ctx.db
          .insertInto('poison_warnings')
          .values(rows.slice(i, i + 200))
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
  return ids;
}

describe('the spatial index of the shown poison warnings', () => {
  it('follows the status: archived and false alarms leave it, a shown one is in it; the list is the same', async () => {
    const user = await buildUser(t.ctx);
    const [shown] = await insert(user.id, 'unconfirmed');
    const [archived] = await insert(user.id, 'archived');
    const [falseAlarm] = await insert(user.id, 'false_alarm');
    const [later] = await insert(user.id, 'confirmed');
    await t.ctx.db.updateTable('poison_warnings').set({ status: 'archived' }).where('id', '=', later!).execute();
    const listed = (await agentAs(t, user).get(`/api/poison-warnings?lat=${AT.lat}&lon=${AT.lon}&radius_km=5`).expect(200)).body.items.map(
      (i: { id: number }) => i.id,
    );
    expect(listed).toEqual([shown]);
    if (isPostgres(t.ctx.db)) return;
    const { rows } = await sql<{ id: number }>`select id from poison_warnings_rtree order by id`.execute(t.ctx.db);
    expect(rows.map((r) => r.id)).toEqual([shown]);
    expect([archived, falseAlarm, later]).not.toContain(rows[0]!.id);
    await t.ctx.db.updateTable('poison_warnings').set({ status: 'confirmed' }).where('id', '=', archived!).execute();
    expect((await sql<{ id: number }>`select id from poison_warnings_rtree order by id`.execute(t.ctx.db)).rows.map((r) => r.id)).toEqual([shown, archived]);
  });

  it('on PostgreSQL the list goes through the partial index of the shown rows', async () => {
    if (!isPostgres(t.ctx.db)) return;
    const user = await buildUser(t.ctx);
    await insert(user.id, 'archived', 3000);
    await insert(user.id, 'unconfirmed', 20);
    await sql`analyze poison_warnings`.execute(t.ctx.db);
    const nodes: RootOperationNode[] = [];
    const recorder: KyselyPlugin = { transformQuery: ({ node }) => (nodes.push(node), node), transformResult: async ({ result }) => result };
    await rowsInBox(t.ctx.db.withPlugin(recorder), 'poison_warnings', poisonWarnings.columns, boundingBox(AT, 2), AT, 50, poisonWarnings.hidden);
    const query = t.ctx.db.getExecutor().compileQuery(nodes[0]!, { queryId: 'shown-index-test' } as never);
    const plan = await t.ctx.db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('poison_warnings_shown_pos_gist');
  });
});
