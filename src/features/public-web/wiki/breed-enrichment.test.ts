import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeAiServer } from '../../../../test/fakes/ai-server.js';
import { buildBreedRecord } from '../../../../test/helpers/breeds.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import type { AppContext } from '#core/context.js';
import type { BreedRecord } from './breed-file.js';
import { ENRICH_MAX_ATTEMPTS, enrichBreeds, sizeFromWeight } from './breed-enrichment.js';
import { loadBreeds } from './breeds.loader.js';
import { enrichBreedsJob } from './wiki.jobs.js';

const fake = new FakeAiServer();
await fake.start();
const t = useTestApp({ env: { AI_BASE_URL: fake.url, AI_API_KEY: 'test-key', AI_MODEL: 'fake-model' } });
afterAll(async () => {
  await fake.stop();
});

const bare = buildBreedRecord;

const GOOD = {
  name_de: 'Testlaufhund',
  description_de: 'Ein mittelgroßer Laufhund aus Testland. Er wurde für die Jagd gezüchtet und gilt als freundlich.',
  origin_country_de: 'Testland',
  height_cm: { min: 50, max: 60 },
  weight_kg: { min: 20, max: 30 },
  life_span_years: { min: 11, max: 13 },
  temperament: ['Friendly', 'Playful', 'Made-up keyword'],
};

async function breed(slug: string) {
  return t.ctx.db.selectFrom('breeds').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
}

async function reload(records: BreedRecord[]) {
  await t.ctx.db.deleteFrom('breeds').execute();
  await loadBreeds(t.ctx, records);
}

beforeEach(() => {
  fake.reset();
  fake.reply = () => GOOD;
});

describe('wiki.enrich-breeds', () => {
  it('fills only missing fields, marks them as AI-generated and shows them marked on API and page', async () => {
    await reload([bare('test-a'), bare('test-b', { name_de: 'Bekannter Hund', weight_kg: { min: 3, max: 4 }, size_class: 'toy', temperament: ['Calm'] })]);
    expect(enrichBreedsJob.name).toBe('wiki.enrich-breeds');
    expect(await enrichBreedsJob.run(t.ctx)).toBe(2);

    const a = await breed('test-a');
    expect(a).toMatchObject({
      name_de: 'Testlaufhund',
      sort_name: 'testlaufhund',
      description_de: GOOD.description_de,
      origin_country_de: 'Testland',
      height_min_cm: 50,
      height_max_cm: 60,
      weight_min_kg: 20,
      weight_max_kg: 30,
      life_min_years: 11,
      life_max_years: 13,
      size_class: 'large',
      temperament: JSON.stringify(['Friendly', 'Playful']),
    });
    expect(a.ai_enriched_at).not.toBeNull();
    expect(JSON.parse(a.ai_fields)).toEqual(['name_de', 'description_de', 'origin_country_de', 'height', 'weight', 'size_class', 'life_span', 'temperament']);

    const b = await breed('test-b');
    expect([b.name_de, b.weight_min_kg, b.weight_max_kg, b.size_class, b.temperament]).toEqual(['Bekannter Hund', 3, 4, 'toy', JSON.stringify(['Calm'])]);
    expect(JSON.parse(b.ai_fields)).toEqual(['description_de', 'origin_country_de', 'height', 'life_span']);

    const api = (await request(t.app).get('/api/wiki/rassen/test-a').expect(200)).body;
    expect(api).toMatchObject({ name: 'Testlaufhund', ai_generated: 1, description_de: GOOD.description_de });
    expect(api.temperament).toEqual([
      { keyword: 'Friendly', label: 'freundlich' },
      { keyword: 'Playful', label: 'verspielt' },
    ]);
    const page = (await request(t.app).get('/rassen/test-a').expect(200)).text;
    expect(page).toContain('<abbr class="ai" title="Mit KI ergänzt">KI</abbr>');
    expect(page).toContain('wurden automatisch mit KI ergänzt');
    expect(page).toContain(GOOD.description_de);
  });

  it('asks with the known facts, the breed_facts schema and the allowed keyword list', async () => {
    await reload([bare('test-c', { name_de: 'Cee-Hund', origin_country_de: 'Irland' })]);
    await enrichBreeds(t.ctx);
    const sent = fake.requests[0]?.body;
    expect(sent?.model).toBe('fake-model');
    expect(sent?.response_format?.json_schema?.name).toBe('breed_facts');
    expect(JSON.stringify(sent?.response_format?.json_schema?.schema)).toContain('"Reserved with strangers"');
    const user = JSON.parse(sent?.messages?.[1]?.content ?? '{}') as Record<string, unknown>;
    expect(user).toMatchObject({ name_en: 'test-c dog', name_de: 'Cee-Hund', origin_country_de: 'Irland' });
  });

  it('drops implausible numbers and keeps the page to what is known', async () => {
    fake.reply = () => ({
      ...GOOD,
      name_de: null,
      height_cm: { min: 60, max: 50 },
      weight_kg: { min: 300, max: 500 },
      life_span_years: { min: 0, max: 90 },
      temperament: ['Erfunden'],
    });
    await reload([bare('test-d')]);
    await enrichBreeds(t.ctx);
    const d = await breed('test-d');
    expect([d.name_de, d.height_min_cm, d.weight_min_kg, d.life_min_years, d.size_class, d.temperament]).toEqual([null, null, null, null, null, '[]']);
    expect(JSON.parse(d.ai_fields)).toEqual(['description_de', 'origin_country_de']);
  });

  it('clears the cached list so the enriched names show at once', async () => {
    await reload([bare('test-e')]);
    const before = (await request(t.app).get('/api/wiki/rassen?q=test-e').expect(200)).body.items[0];
    expect(before.name).toBe('test-e dog');
    await enrichBreeds(t.ctx);
    const after = (await request(t.app).get('/api/wiki/rassen?q=test-e').expect(200)).body.items[0];
    expect(after.name).toBe('Testlaufhund');
  });

  it('stops the batch when the provider is down, without counting attempts, and tries again next run', async () => {
    await reload([bare('test-f'), bare('test-g')]);
    fake.mode = '500';
    expect(await enrichBreeds(t.ctx)).toBe(0);
    expect(fake.requests).toHaveLength(2); // one breed, one retry, then the batch stops
    expect((await breed('test-f')).ai_attempts).toBe(0);
    fake.reset('ok');
    fake.reply = () => GOOD;
    expect(await enrichBreeds(t.ctx)).toBe(2);
  });

  it('counts unusable answers and leaves a breed alone after the maximum attempts', async () => {
    await reload([bare('test-h')]);
    fake.mode = 'wrong_schema';
    for (let run = 1; run <= ENRICH_MAX_ATTEMPTS; run++) {
      expect(await enrichBreeds(t.ctx)).toBe(0);
      expect((await breed('test-h')).ai_attempts).toBe(run);
    }
    const requests = fake.requests.length;
    fake.reset('ok');
    expect(await enrichBreeds(t.ctx)).toBe(0);
    expect(fake.requests.length).toBe(0);
    expect(requests).toBe(2 * ENRICH_MAX_ATTEMPTS);
    expect((await breed('test-h')).ai_enriched_at).toBeNull();
  });

  it('goes on with the next breed when the provider rejects one request (400), but stops on a bad key (401)', async () => {
    await reload([bare('test-j'), bare('test-k')]);
    fake.queue = ['400', '400'];
    expect(await enrichBreeds(t.ctx)).toBe(1);
    expect((await breed('test-j')).ai_attempts).toBe(1);
    expect((await breed('test-k')).ai_enriched_at).not.toBeNull();
    await reload([bare('test-l'), bare('test-m')]);
    fake.reset('401');
    expect(await enrichBreeds(t.ctx)).toBe(0);
    expect(fake.requests).toHaveLength(1);
    expect((await breed('test-l')).ai_attempts).toBe(0);
  });

  it('works in batches and never enriches a breed twice', async () => {
    await reload(Array.from({ length: 5 }, (_, i) => bare(`batch-${i}`)));
    expect(await enrichBreeds(t.ctx, { batch: 3 })).toBe(3);
    expect(await enrichBreeds(t.ctx, { batch: 3 })).toBe(2);
    expect(await enrichBreeds(t.ctx, { batch: 3 })).toBe(0);
    expect(fake.requests).toHaveLength(5);
  });

  it('does nothing without AI configuration', async () => {
    await reload([bare('test-i')]);
    const withoutAi = { ...t.ctx, config: { ...t.ctx.config, upstream: { ...t.ctx.config.upstream, aiBaseUrl: undefined } } } as AppContext;
    expect(await enrichBreeds(withoutAi)).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('derives the size class from the weight like the data set does', () => {
    expect(sizeFromWeight({ min: 2, max: 4 })).toBe('toy');
    expect(sizeFromWeight({ min: 8, max: 12 })).toBe('small');
    expect(sizeFromWeight({ min: 20, max: 30 })).toBe('large');
    expect(sizeFromWeight({ min: 11, max: 11 })).toBe('medium');
    expect(sizeFromWeight({ min: 50, max: 70 })).toBe('giant');
  });
});
