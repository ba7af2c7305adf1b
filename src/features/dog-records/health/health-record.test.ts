import { makeJpeg } from '../../../../test/fakes/photos.js';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { binaryBody, pdfText } from '../../../../test/helpers/binary.js';
import { agentAs, buildDog, buildUser, shareDog } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { fixedClock } from '#core/clock.js';

const t = useTestApp({ clock: fixedClock('2026-06-10T10:00:00Z') });

async function dogWithRecords() {
  const owner = await buildUser(t.ctx);
  const dog = await buildDog(t.ctx, { user: owner, name: 'Jürgen', chip_number: '276098106543210', breed: 'Dackel', sex: 'male' });
  const a = agentAs(t, owner);
  await a.put(`/api/dogs/${dog.id}/vet-practice`).send({ name: 'Tierarztpraxis Müller', phone: '030 123456', emergency_phone: '030 999' }).expect(200);
  await a.post(`/api/dogs/${dog.id}/allergies`).send({ allergen: 'Hühnereiweiß', reaction: 'Juckreiz', severity: 'severe' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Apoquel', dosage: '16 mg', start_date: '2026-06-01', schedule: 'morgens' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/medications`).send({ name: 'Altes Mittel', start_date: '2025-01-01', end_date: '2025-02-01' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2026-03-01', next_due: '2029-03-01', batch_number: 'CH-42' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/weights`).send({ date: '2026-06-01', weight_kg: 9.4 }).expect(201);
  await a.post(`/api/dogs/${dog.id}/vet-visits`).send({ date: '2026-05-02', reason: 'Ohrenentzündung', diagnosis: 'Otitis externa' }).expect(201);
  await a.post(`/api/dogs/${dog.id}/findings`).send({ date: '2026-05-03', title: 'Blutbild', text: 'Alles im Normbereich.' }).expect(201);
  return { owner, dog, a };
}

describe('GET /api/dogs/{dogId}/health-record.pdf', () => {
  it('is 401, 400, 403, 404 in the house order', async () => {
    const { dog } = await dogWithRecords();
    await request(t.app).get(`/api/dogs/${dog.id}/health-record.pdf`).expect(401);
    const stranger = await buildUser(t.ctx);
    await agentAs(t, stranger).get('/api/dogs/abc/health-record.pdf').expect(400);
    await agentAs(t, stranger).get(`/api/dogs/${dog.id}/health-record.pdf`).expect(403);
    await agentAs(t, stranger).get('/api/dogs/999999/health-record.pdf').expect(404);
  });

  it('is an A4 PDF in German with every section, parsed back', async () => {
    const { a, dog } = await dogWithRecords();
    const res = await a.get(`/api/dogs/${dog.id}/health-record.pdf`).buffer(true).parse(binaryBody).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="gesundheitspass\.pdf"; filename\*=UTF-8''Gesundheitspass%20J%C3%BCrgen\.pdf$/);
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = await pdfText(body);
    for (const expected of [
      'Gesundheitspass: Jürgen',
      '276098106543210',
      'Dackel',
      'Rüde',
      'Tierarztpraxis Müller',
      '030 999',
      'Hühnereiweiß',
      'schwer',
      'Apoquel',
      'Tollwut',
      '01.03.2029',
      'CH-42',
      '9,4 kg',
      'Ohrenentzündung',
      'Otitis externa',
      'Blutbild',
      'Alles im Normbereich.',
      'Seite 1 von',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Altes Mittel'); // ended medication is not "current"
  });

  it('a caregiver may download it too; an empty dog gets a PDF with the empty sections', async () => {
    const owner = await buildUser(t.ctx);
    const friend = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Leer' });
    await shareDog(t, agentAs(t, owner), dog.id, friend);
    const res = await agentAs(t, friend).get(`/api/dogs/${dog.id}/health-record.pdf`).buffer(true).parse(binaryBody).expect(200);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('Keine Praxis eingetragen.');
    expect(text).toContain('Keine bekannt.');
  });
});

describe('emergency card', () => {
  it('is 401, 400, 422, 403 (caregivers too), 404 in the house order', async () => {
    const { dog, a } = await dogWithRecords();
    const url = `/api/dogs/${dog.id}/emergency-card`;
    await request(t.app).post(url).send({}).expect(401);
    await a.post(url).send({ show_everything: 1 }).expect(400);
    await a
      .post(url)
      .send({ contact_name: 'x'.repeat(201) })
      .expect(422);
    expect((await a.get(url).expect(200)).body).toBeNull(); // none yet
    const friend = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    await agentAs(t, friend).post(url).send({}).expect(403);
    await agentAs(t, friend).get(url).expect(403);
    await a.post('/api/dogs/999999/emergency-card').send({}).expect(404);
  });

  it('PATCH and renew are 401, 400, 422, 403 (caregivers too), 404 for a missing dog or card; a second POST is 409 card_exists', async () => {
    const { dog, a } = await dogWithRecords();
    const url = `/api/dogs/${dog.id}/emergency-card`;
    await request(t.app).patch(url).send({}).expect(401);
    await request(t.app).post(`${url}/renew`).expect(401);
    await a.patch(url).send({ contact_phone: '1' }).expect(404); // no card yet
    await a.post(`${url}/renew`).expect(404);
    const first = await a.post(url).send({ contact_phone: '030 1' }).expect(201);
    const second = await a.post(url).send({ contact_phone: '030 2' }).expect(409);
    expect(second.body.error.code).toBe('card_exists');
    expect((await a.get(url).expect(200)).body).toMatchObject({ url: first.body.url, contact_phone: '030 1' }); // nothing replaced
    await a.patch(url).send({ show_everything: 1 }).expect(400);
    await a
      .patch(url)
      .send({ contact_phone: '1'.repeat(51) })
      .expect(422);
    const friend = await buildUser(t.ctx);
    await shareDog(t, a, dog.id, friend);
    await agentAs(t, friend).patch(url).send({ contact_phone: '0' }).expect(403);
    await agentAs(t, friend).post(`${url}/renew`).expect(403);
    await a.patch('/api/dogs/999999/emergency-card').send({}).expect(404);
    await a.post('/api/dogs/999999/emergency-card/renew').expect(404);
    expect((await a.get(url).expect(200)).body).toMatchObject({ url: first.body.url, contact_phone: '030 1' });
  });

  it('shows only what the owner chose, escaped; PATCH keeps the link, renew replaces it, DELETE revokes it', async () => {
    const { dog, a, owner } = await dogWithRecords();
    await t.ctx.db.updateTable('dogs').set({ name: '<script>alert("wau")</script>' }).where('id', '=', dog.id).execute();
    await a.post(`/api/dogs/${dog.id}/allergies`).send({ allergen: '<img src=x onerror=alert(1)>' }).expect(201);
    const card = await a
      .post(`/api/dogs/${dog.id}/emergency-card`)
      .send({ show_medications: false, show_photo: true, contact_name: 'Anna & Ben', contact_phone: '+49 170 1234567' })
      .expect(201);
    expect(card.body).toMatchObject({ show_medications: 0, show_allergies: 1, contact_name: 'Anna & Ben' });
    expect(card.body.url).toMatch(/^http:\/\/127\.0\.0\.1\/notfall\/[A-Za-z0-9_-]{24}$/);
    expect(card.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const path = new URL(card.body.url).pathname;

    const page = await request(t.app).get(path).expect(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    const html = page.text;
    expect(html).toContain('&lt;script&gt;alert(&#34;wau&#34;)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Hühnereiweiß');
    expect(html).toContain('Anna &amp; Ben');
    expect(html).toContain('href="tel:+491701234567"');
    expect(html).toContain('030 123456');
    // Not chosen or never on the card: medication, chip number, the owner's e-mail, visits, findings, weights.
    for (const hidden of ['Apoquel', '276098106543210', owner.email, 'Ohrenentzündung', 'Blutbild', '9,4', 'Tollwut']) expect(html).not.toContain(hidden);
    // No photo on the dog: no image, even though the owner allowed one.
    expect(html).not.toContain('<img');

    // A change of contents keeps the link: the collar tag shows the new contents at once.
    const again = await a.patch(`/api/dogs/${dog.id}/emergency-card`).send({ show_allergies: 0, show_practice_phone: 0 }).expect(200);
    expect(again.body.url).toBe(card.body.url);
    expect(again.body).toMatchObject({ show_allergies: 0, show_practice_phone: 0, show_medications: 0, contact_name: 'Anna & Ben' });
    await a.patch(`/api/dogs/${dog.id}/emergency-card`).send({ show_medications: 1 }).expect(200);
    const page2 = await request(t.app).get(path).expect(200);
    expect(page2.text).not.toContain('Hühnereiweiß');
    expect(page2.text).not.toContain('030 123456');
    expect(page2.text).toContain('Apoquel');
    expect(page2.text).toContain('Anna &amp; Ben');
    expect((await a.get(`/api/dogs/${dog.id}/emergency-card`).expect(200)).body.url).toBe(card.body.url);

    // A new link is its own step: the old link is dead at once, the contents stay.
    const renewed = await a.post(`/api/dogs/${dog.id}/emergency-card/renew`).expect(200);
    expect(renewed.body.url).not.toBe(card.body.url);
    expect(renewed.body).toMatchObject({ show_allergies: 0, show_medications: 1, contact_name: 'Anna & Ben' });
    await request(t.app).get(path).expect(404);
    expect((await request(t.app).get(new URL(renewed.body.url).pathname).expect(200)).text).toContain('Apoquel');
    expect((await a.get(`/api/dogs/${dog.id}/emergency-card`).expect(200)).body.url).toBe(renewed.body.url);

    await a.delete(`/api/dogs/${dog.id}/emergency-card`).expect(204);
    await request(t.app).get(new URL(renewed.body.url).pathname).expect(404);
    await a.delete(`/api/dogs/${dog.id}/emergency-card`).expect(404);
    await request(t.app).get('/notfall/kurz').expect(404);
  });

  it('shows the dog photo publicly only while the card allows it', async () => {
    const owner = await buildUser(t.ctx);
    const dog = await buildDog(t.ctx, { user: owner, name: 'Foto' });
    const a = agentAs(t, owner);
    await a
      .post(`/api/dogs/${dog.id}/photo`)
      .attach('file', await makeJpeg(), 'hund.jpg')
      .expect(200);
    const withPhoto = await a.post(`/api/dogs/${dog.id}/emergency-card`).send({ show_photo: true }).expect(201);
    const path = new URL(withPhoto.body.url).pathname;
    const html = (await request(t.app).get(path).expect(200)).text;
    expect(html).toContain(`<img src="${path}/foto"`);
    const photo = await request(t.app).get(`${path}/foto`).expect(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('no-store');

    const without = await a.patch(`/api/dogs/${dog.id}/emergency-card`).send({ show_photo: false }).expect(200);
    expect(without.body.url).toBe(withPhoto.body.url);
    expect((await request(t.app).get(path).expect(200)).text).not.toContain('<img');
    await request(t.app).get(`${path}/foto`).expect(404);
  });
});
