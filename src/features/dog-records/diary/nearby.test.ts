import type { Insertable, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { fullScans, queryCapture } from '../../../../test/helpers/query-plans.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import type { DiaryEntriesTable } from '#core/db/tables/diary.js';
import { NEARBY_NEWEST } from './nearby.js';

const capture = queryCapture();
const t = useTestApp({ onQuery: capture.onQuery });

type Hit = { title: string; distance_km: number; date: string };

describe('GET /api/diary/nearby', () => {
  it('one’s own located entries within the radius, nearest first with distance_km; never another user’s', async () => {
    const user = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user });
    const other = await buildDog(t.ctx, {});
    await buildDiaryEntry(t.ctx, { dog, title: 'Tiergarten', lat: 52.5145, lon: 13.3501 }); // ~4.3 km from Alex
    await buildDiaryEntry(t.ctx, { dog, title: 'Alex', lat: 52.5219, lon: 13.4132 });
    await buildDiaryEntry(t.ctx, { dog, title: 'Hamburg', lat: 53.5511, lon: 9.9937 });
    await buildDiaryEntry(t.ctx, { dog, title: 'ohne Ort' });
    await buildDiaryEntry(t.ctx, { dog: other, title: 'fremd', lat: 52.522, lon: 13.4133 });
    const a = agentAs(t, user);
    const res = await a.get('/api/diary/nearby?lat=52.5219&lon=13.4132&radius_km=10').expect(200);
    expect(res.body.items.map((e: Hit) => [e.title, e.distance_km])).toEqual([
      ['Alex', 0],
      ['Tiergarten', 4.3],
    ]);
    expect(res.body.newest_only).toBe(0);
    expect((await a.get('/api/diary/nearby?lat=52.5219&lon=13.4132&radius_km=300').expect(400)).body.error.code).toBeDefined();
    await a.get(`/api/diary/nearby?lat=52.5&lon=13.4&dog_id=${other.id}`).expect(403);
    expect((await a.get('/api/diary/nearby?lat=52.5219&lon=13.4132&radius_km=200').expect(200)).body.items).toHaveLength(2); // Hamburg is 255 km away
  });

  it('looks at the newest 5,000 located entries around the point only, and says so: an old entry right at the point is left out', async () => {
    const user = await buildUser(t.ctx);
    const luna = await buildDog(t.ctx, { user });
    const rex = await buildDog(t.ctx, { user });
    const center = { lat: 48.1374, lon: 11.5755 };
    const row = (dogId: number, date: string, title: string, lat: number, lon: number): Insertable<DiaryEntriesTable> => ({
      dog_id: dogId,
      author_id: user.id,
      date,
      title,
      text: 'Gassi',
      lat,
      lon,
      cell_lat: Math.round(lat * 1000),
      cell_lon: Math.round(lon * 1000),
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    // Written first (the lowest id) and dated first: right at the point, but the oldest.
    await buildDiaryEntry(t.ctx, { dog: luna, date: '2019-12-31', title: 'Uralt, genau hier', ...center });
    // 4,999 more, half for each dog, 2 to 3 km away (one a day from 2012 on: written later, dated newer), then the
    // newest, 0.5 km away. Entries far away (Hamburg) do not count toward the 5,000.
    const rows: Insertable<DiaryEntriesTable>[] = [];
    for (let i = 0; i < NEARBY_NEWEST - 1; i++) {
      const date = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000 * 0.4).toISOString().slice(0, 10);
      rows.push(row(i % 2 ? luna.id : rex.id, date, `Runde ${i}`, center.lat + 0.02 + (i % 50) * 0.0002, center.lon));
    }
    rows.push(row(rex.id, '2026-06-01', 'Neuester', center.lat + 0.0045, center.lon));
    for (let i = 0; i < 20; i++) rows.push(row(luna.id, '2026-07-01', `Hamburg ${i}`, 53.55, 9.99));
    const db = t.ctx.db as unknown as Kysely<{ diary_entries: DiaryEntriesTable }>;
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('diary_entries')
        .values(rows.slice(i, i + 500))
        .execute();

    const a = agentAs(t, user);
    const url = `/api/diary/nearby?lat=${center.lat}&lon=${center.lon}&radius_km=10`;
    let body: { items: Hit[]; newest_only: 0 | 1 } = { items: [], newest_only: 0 };
    const statements = await capture.during(async () => {
      body = (await a.get(url).expect(200)).body;
    });
    expect(body.newest_only).toBe(1);
    expect(body.items).toHaveLength(200);
    expect(body.items.map((e) => e.title)).not.toContain('Uralt, genau hier');
    expect(body.items[0]).toMatchObject({ title: 'Neuester', distance_km: 0.5 });

    // One entry fewer in the box (5,000: the cap reached, not passed): every one is looked at, the old one first.
    await db.deleteFrom('diary_entries').where('title', '=', 'Runde 0').execute();
    const whole = (await a.get(url).expect(200)).body as typeof body;
    expect(whole.newest_only).toBe(0);
    expect(whole.items[0]).toMatchObject({ title: 'Uralt, genau hier', distance_km: 0 });
    // One dog's entries only (2,500 of them): the cap is not hit.
    let lunas = body;
    const oneDog = await capture.during(async () => {
      lunas = (await a.get(`${url}&dog_id=${luna.id}`).expect(200)).body as typeof body;
    });
    expect(lunas).toMatchObject({ newest_only: 0, items: expect.arrayContaining([expect.objectContaining({ title: 'Uralt, genau hier' })]) });

    // The candidates come from the owner's dogs and their (dog_id, date, id) index, not from a scan or from everyone's
    // entries in the box (the planner's own word; SQLite plans by the schema, so this is stable there). For one dog
    // the index gives the order (no sort: the walk stops at the cap); for all dogs the user's own entries are sorted.
    if (t.ctx.engine === 'sqlite') {
      const planOf = (captured: typeof statements) =>
        fullScans(
          t.ctx,
          captured.find((s) => /from "diary_entries"/.test(s.sql))!,
        );
      const all = await planOf(statements);
      expect(all.tables).toEqual([]);
      expect(all.plan).toMatch(/SEARCH diary_entries USING INDEX diary_entries_dog_date_idx \(dog_id=\?\)/);
      expect(all.plan).toMatch(/SEARCH dogs USING COVERING INDEX dogs_user_idx \(user_id=\?\)/);
      const one = await planOf(oneDog);
      expect(one.tables).toEqual([]);
      expect(one.plan).toMatch(/SEARCH diary_entries USING INDEX diary_entries_dog_date_idx \(dog_id=\?\)/);
      expect(one.plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
