import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

/** The recorded registry and insurer where they help (issue 53): the public lost-dog page and the emergency card. */
const t = useTestApp();

async function ownerWithPapers(registry: string) {
  const user = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user, name: 'Lotte' });
  const agent = agentAs(t, user);
  await agent.put(`/api/dogs/${dog.id}/duties/registry`).send({ provider: registry, number: '276098100000001' }).expect(200);
  await agent.put(`/api/dogs/${dog.id}/duties/liability_insurance`).send({ provider: 'Muster <b>Versicherung</b>', number: 'HV-42' }).expect(200);
  return { dog, agent };
}

describe('registry and insurer on the public pages', () => {
  it('shows the linked dog’s registry with its hotline on the lost-dog page, never the chip number', async () => {
    const { dog, agent } = await ownerWithPapers('AMICUS');
    const lost = (
      await agent
        .post('/api/lost-dogs')
        .send({ lat: 47.37, lon: 8.54, name: 'Lotte', description: 'Klein, weiß', last_seen_at: '2026-01-01T10:00:00Z', dog_id: dog.id })
        .expect(201)
    ).body;
    const page = (await request(t.app).get(`/vermisst/${lost.id}`).expect(200)).text;
    expect(page).toContain('Registriert bei <strong>AMICUS</strong>');
    expect(page).toContain('href="tel:0848777100"');
    expect(page).not.toContain('276098100000001');
    // A report without a linked dog shows no registry section.
    const other = (
      await agent.post('/api/lost-dogs').send({ lat: 47.37, lon: 8.54, name: 'X', description: 'Y', last_seen_at: '2026-01-01T10:00:00Z' }).expect(201)
    ).body;
    expect((await request(t.app).get(`/vermisst/${other.id}`).expect(200)).text).not.toContain('Chip und Register');
  });

  it('shows the insurer and the registry on the emergency card, escaped', async () => {
    const { dog, agent } = await ownerWithPapers('TASSO');
    const card = (await agent.post(`/api/dogs/${dog.id}/emergency-card`).send({}).expect(201)).body;
    const page = (await request(t.app).get(new URL(card.url).pathname).expect(200)).text;
    expect(page).toContain('Registriert bei <strong>TASSO</strong>');
    expect(page).toContain('www.tasso.net');
    expect(page).toContain('Muster &lt;b&gt;Versicherung&lt;/b&gt; · Police HV-42');
  });
});
