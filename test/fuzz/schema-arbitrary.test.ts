// The fuzz stage's generator (schema-arbitrary.ts) against the API document it reads: what it calls valid must be
// valid, or the stage's "valid" requests would test nothing but the validation. Runs in the API suite (fast).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { generateOpenApiDocument } from '#core/http/route/openapi.js';
import { useTestApp } from '../helpers/test-app.js';
import { operationsOf, type FuzzDocument } from './request-plan.js';
import { pastBoundary, validArb } from './schema-arbitrary.js';

const t = useTestApp();

function documentAndAjv() {
  const doc = generateOpenApiDocument(t.ctx.openapi, { title: 'x', version: '0', server: 'http://127.0.0.1' }) as unknown as FuzzDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => unknown;
  addFormats(ajv);
  ajv.addFormat('binary', true);
  // Each body schema is compiled with the components beside it, so its #/components/schemas/… refs resolve.
  const compile = (schema: object) => ajv.compile({ ...schema, components: doc.components });
  return { doc, compile };
}

it('valid values (plain and not) of every JSON request body keep its schema', () => {
  const { doc, compile } = documentAndAjv();
  const bodies = operationsOf(doc).filter((op) => op.body?.type === 'json');
  expect(bodies.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const op of bodies) {
    const check = compile(op.body!.schema);
    for (const plain of [false, true])
      for (const value of fc.sample(validArb(doc, op.body!.schema, { plain }), { seed: 7, numRuns: 25 }))
        if (!check(value))
          wrong.push(`${op.method} ${op.template}${plain ? ' (plain)' : ''}: ${JSON.stringify(value).slice(0, 200)} ${ajvMessage(check.errors)}`);
  }
  expect(wrong.slice(0, 10)).toEqual([]);
});

it('a value one past a boundary breaks the schema', () => {
  const { doc, compile } = documentAndAjv();
  const check = compile({ type: 'object', properties: { s: { type: 'string', maxLength: 3 }, n: { type: 'integer', minimum: 1, maximum: 9 } } });
  expect(check({ s: pastBoundary(doc, { type: 'string', maxLength: 3 }, 0) })).toBe(false);
  expect(check({ n: pastBoundary(doc, { type: 'integer', minimum: 1, maximum: 9 }, 0) })).toBe(false);
  expect(check({ n: pastBoundary(doc, { type: 'integer', minimum: 1, maximum: 9 }, 3) })).toBe(false);
});

function ajvMessage(errors: { instancePath: string; message?: string }[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ');
}
