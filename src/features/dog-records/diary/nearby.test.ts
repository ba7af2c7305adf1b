import { describe, expect, it } from 'vitest';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

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
    expect(res.body.items.map((e: { title: string; distance_km: number }) => [e.title, e.distance_km])).toEqual([
      ['Alex', 0],
      ['Tiergarten', 4.3],
    ]);
    expect((await a.get('/api/diary/nearby?lat=52.5219&lon=13.4132&radius_km=300').expect(400)).body.error.code).toBeDefined();
    await a.get(`/api/diary/nearby?lat=52.5&lon=13.4&dog_id=${other.id}`).expect(403);
    expect((await a.get('/api/diary/nearby?lat=52.5219&lon=13.4132&radius_km=200').expect(200)).body.items).toHaveLength(2); // Hamburg is 255 km away
  });
});
