import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const t = useTestApp({ clock: fixedClock('2026-05-01T10:00:00Z') });

describe('welcome dashboard: upcoming vaccinations', () => {
  it('lists the own dogs’ overdue vaccinations first, then those due up to 30 days ahead; a replaced one never', async () => {
    const owner = await buildUser(t.ctx);
    const other = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Luna' });
    const foreign = await buildDog(t.ctx, { user: other });
    const a = agentAs(t, owner);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-20', next_due: '2026-05-20' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Staupe', date: '2025-05-01', next_due: '2026-05-01' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Lepto', date: '2025-05-01', next_due: '2026-07-01' }).expect(201); // too far
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Alt', date: '2025-04-01', next_due: '2026-04-08' }).expect(201); // overdue
    // Replaced: the booster of 2026-04-20 (a later record of the same vaccine, other letter case) carries the next date.
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Borreliose', date: '2025-04-01', next_due: '2026-04-01' }).expect(201);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'borreliose', date: '2026-04-20', next_due: '2027-04-20' }).expect(201);
    await agentAs(t, other).post(`/api/dogs/${foreign.id}/vaccinations`).send({ vaccine: 'Fremd', date: '2025-05-02', next_due: '2026-05-02' }).expect(201);
    const res = await a.get('/api/welcome-dashboard').expect(200);
    const health = res.body.due_soon.filter((i: { area: string }) => i.area === 'health');
    const url = `/app/hunde/${dog.id}/gesundheit`;
    expect(health).toEqual([
      { area: 'health', title: 'Luna: Alt ist überfällig', due_date: '2026-04-08', dog_id: dog.id, url, overdue: true },
      { area: 'health', title: 'Luna: Staupe auffrischen', due_date: '2026-05-01', dog_id: dog.id, url, overdue: false },
      { area: 'health', title: 'Luna: Tollwut auffrischen', due_date: '2026-05-20', dog_id: dog.id, url, overdue: false },
    ]);
    expect(res.body.due_soon[0].title).toBe('Luna: Alt ist überfällig'); // ahead of every other area's items
  });

  it('shows a caregiver the vaccinations of the dogs they look after', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Nala' });
    const a = agentAs(t, owner);
    await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2025-05-10', next_due: '2026-05-10' }).expect(201);
    const before = await agentAs(t, friend).get('/api/welcome-dashboard').expect(200);
    expect(before.body.due_soon.filter((i: { area: string }) => i.area === 'health')).toEqual([]);
    await shareDog(t, a, dog.id, friend);
    const after = await agentAs(t, friend).get('/api/welcome-dashboard').expect(200);
    expect(after.body.due_soon.filter((i: { area: string }) => i.area === 'health')).toEqual([
      { area: 'health', title: 'Nala: Tollwut auffrischen', due_date: '2026-05-10', dog_id: dog.id, url: `/app/hunde/${dog.id}/gesundheit`, overdue: false },
    ]);
  });
});
