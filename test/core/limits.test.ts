import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

/**
 * The spec's Limits table, read from the API document every client is generated from (issue 32): every description
 * and body field takes 10,000 characters, every title 200. Walking the document means a new route cannot slip past;
 * the document's maxLength is the zod schema the route validates with, so the number here is the number enforced.
 */
const t = useTestApp();

type Schema = { $ref?: string; type?: string | string[]; maxLength?: number; properties?: Record<string, Schema>; anyOf?: Schema[]; allOf?: Schema[] };

const LIMIT_BY_FIELD: Record<string, number> = { description: 10_000, body: 10_000, title: 200 };

describe('the Limits table in every request body', () => {
  it('description and body fields take 10,000 characters, titles 200, in every write operation', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);
    const variants = (s: Schema): Schema[] => [resolve(s), ...[...(resolve(s).anyOf ?? []), ...(resolve(s).allOf ?? [])].flatMap(variants)];
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const media of Object.values(op.requestBody?.content ?? {})) {
          for (const body of variants(media.schema)) {
            for (const [field, property] of Object.entries(body.properties ?? {})) {
              const limit = LIMIT_BY_FIELD[field];
              if (limit === undefined) continue;
              for (const v of variants(property).filter((x) => x.maxLength !== undefined)) {
                checked++;
                if (v.maxLength !== limit) wrong.push(`${method.toUpperCase()} ${path} ${field}: ${v.maxLength}`);
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  });

  it('a poison warning and a place take a 10,000-character description and refuse 10,001 with 422', async () => {
    const a = agentAs(t, await buildUser(t.ctx));
    const at = { lat: 48.137, lon: 11.575 };
    await a
      .post('/api/poison-warnings')
      .send({ ...at, kind: 'poison', description: 'x'.repeat(10_000) })
      .expect(201);
    await a
      .post('/api/poison-warnings')
      .send({ ...at, kind: 'poison', description: 'x'.repeat(10_001) })
      .expect(422);
    const place = { ...at, name: 'Hundewiese', types: ['hundewiese'], public: true };
    await a
      .post('/api/places')
      .send({ ...place, description: 'ö'.repeat(10_000) })
      .expect(201);
    await a
      .post('/api/places')
      .send({ ...place, description: 'ö'.repeat(10_001) })
      .expect(422);
  });
});
