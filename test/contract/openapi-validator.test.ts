import { describe, expect, it } from 'vitest';
import { createResponseValidator, type OpenApiDocument } from './openapi-validator.js';

const ErrorRef = { $ref: '#/components/schemas/Error' };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

function doc(openapi: string, dogSchema: Record<string, unknown>): OpenApiDocument {
  return {
    openapi,
    paths: {
      '/api/dogs/{dogId}': {
        get: {
          operationId: 'getDog',
          responses: { 200: { description: 'ok', ...json({ $ref: '#/components/schemas/Dog' }) }, 404: { description: 'x', ...json(ErrorRef) } },
        },
        delete: { responses: { 204: { description: 'gone' } } },
      },
      '/api/dogs/mine': { get: { operationId: 'getMine', responses: { default: { description: 'any', ...json({ type: 'array' }) } } } },
      '/api/dogs/{dogId}/record.pdf': {
        get: { responses: { 200: { description: 'pdf', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } } },
      },
      '/api/photos/{id}': { get: { responses: { 200: { description: 'img', content: { 'image/*': {} } } } } },
      '/api/go': { get: { responses: { 303: { description: 'redirect' } } } },
    },
    components: {
      schemas: {
        Dog: dogSchema,
        Error: {
          type: 'object',
          properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
          required: ['error'],
          example: { error: { code: 'x', message: 'y' } },
        },
      },
    },
  };
}

const dog31 = doc('3.1.0', {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, birth_date: { type: ['string', 'null'], format: 'date' } },
  required: ['id', 'name', 'birth_date'],
});
const dog30 = doc('3.0.3', {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, birth_date: { type: 'string', format: 'date', nullable: true } },
  required: ['id', 'name', 'birth_date'],
});

const ok = { method: 'GET', path: '/api/dogs/7', status: 200, contentType: 'application/json; charset=utf-8', hasBody: true };

describe('openapi-validator', () => {
  for (const [version, document] of [
    ['3.1', dog31],
    ['3.0 (nullable)', dog30],
  ] as const) {
    it(`accepts a matching body and null where the schema allows it (${version})`, () => {
      const v = createResponseValidator(document);
      expect(v.validate({ ...ok, body: { id: 7, name: 'Bello', birth_date: null } })).toEqual([]);
      expect(v.validate({ ...ok, body: { id: 7, name: 'Bello', birth_date: '2020-02-29' } })).toEqual([]);
    });

    it(`names a wrong type, a missing field and a bad format (${version})`, () => {
      const v = createResponseValidator(document);
      expect(v.validate({ ...ok, body: { id: '7', name: 'Bello', birth_date: null } })).toEqual(['GET /api/dogs/{dogId} → 200: body/id must be integer']);
      expect(v.validate({ ...ok, body: { id: 7, birth_date: null } })).toEqual(["GET /api/dogs/{dogId} → 200: body must have required property 'name'"]);
      expect(v.validate({ ...ok, body: { id: 7, name: 'B', birth_date: '2020-02-30' } })[0]).toMatch(/birth_date must match format "date"/);
      expect(v.validate({ ...ok, body: { id: 7, name: null, birth_date: null } })).toEqual(['GET /api/dogs/{dogId} → 200: body/name must be string']);
    });
  }

  it('matches literal segments before parameters and reads the parameters', () => {
    const v = createResponseValidator(dog31);
    expect(v.match('GET', '/api/dogs/mine?x=1')).toMatchObject({ template: '/api/dogs/mine', operationId: 'getMine' });
    expect(v.match('get', '/api/dogs/12')).toMatchObject({ template: '/api/dogs/{dogId}', params: { dogId: '12' } });
    expect(v.match('HEAD', '/api/dogs/12')).toMatchObject({ method: 'get' });
    expect(v.match('POST', '/api/dogs/12')).toBeUndefined();
    expect(v.validate({ ...ok, path: '/api/cats/1' })).toEqual(['GET /api/cats/1: no operation in the API document']);
  });

  it('refuses an undeclared status, and takes `default` where there is one', () => {
    const v = createResponseValidator(dog31);
    expect(v.validate({ ...ok, status: 500, body: { error: { code: 'x', message: 'y' } } })).toEqual([
      'GET /api/dogs/{dogId} → 500: status not declared (declared: 200, 404)',
    ]);
    expect(v.validate({ ...ok, path: '/api/dogs/mine', status: 418, body: [] })).toEqual([]);
  });

  it('checks error answers against the one error shape', () => {
    const v = createResponseValidator(dog31);
    expect(v.validate({ ...ok, status: 404, body: { error: { code: 'not_found', message: 'Gibt es nicht.' } } })).toEqual([]);
    expect(v.validate({ ...ok, status: 404, body: { message: 'Gibt es nicht.' } })).toEqual([
      "GET /api/dogs/{dogId} → 404: body must have required property 'error'",
      'GET /api/dogs/{dogId} → 404: body must NOT have unevaluated properties (message)',
    ]);
  });

  it('checks the content type, and for files only that', () => {
    const v = createResponseValidator(dog31);
    expect(v.validate({ ...ok, contentType: 'text/html', body: '<p>' })).toEqual([
      'GET /api/dogs/{dogId} → 200: Content-Type text/html not declared (declared: application/json)',
    ]);
    expect(v.validate({ ...ok, contentType: null, hasBody: true })).toEqual(['GET /api/dogs/{dogId} → 200: no Content-Type']);
    expect(v.validate({ ...ok, path: '/api/dogs/7/record.pdf', contentType: 'application/pdf', body: Buffer.from('%PDF') })).toEqual([]);
    expect(v.validate({ ...ok, path: '/api/photos/3', contentType: 'image/webp', body: Buffer.from('RIFF') })).toEqual([]);
    expect(v.validate({ ...ok, path: '/api/photos/3', contentType: 'text/plain', body: 'x' })).toHaveLength(1);
  });

  it('wants no body where none is declared, except the courtesy text of a redirect', () => {
    const v = createResponseValidator(dog31);
    expect(v.validate({ method: 'DELETE', path: '/api/dogs/7', status: 204, hasBody: false })).toEqual([]);
    expect(v.validate({ method: 'GET', path: '/api/go', status: 303, contentType: 'text/plain', hasBody: true, body: 'See Other' })).toEqual([]);
    const withBody = doc('3.1.0', { type: 'object' });
    (withBody.paths['/api/dogs/{dogId}']!.delete as { responses: Record<string, unknown> }).responses = { 200: { description: 'done' } };
    expect(
      createResponseValidator(withBody).validate({
        method: 'DELETE',
        path: '/api/dogs/7',
        status: 200,
        contentType: 'application/json',
        hasBody: true,
        body: {},
      }),
    ).toEqual(['DELETE /api/dogs/{dogId} → 200: a body (application/json) where the document declares none']);
  });

  it('refuses fields the document does not name, also where a schema extends another (allOf)', () => {
    const extended = doc('3.1.0', { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] });
    extended.paths['/api/dogs/{dogId}/card'] = {
      get: {
        responses: {
          200: {
            description: 'Hund mit Besitzer',
            ...json({
              allOf: [
                { $ref: '#/components/schemas/Dog' },
                { type: 'object', properties: { owner: { type: 'object', properties: { name: { type: 'string' } } } } },
              ],
            }),
          },
        },
      },
    };
    const v = createResponseValidator(extended);
    const card = { ...ok, path: '/api/dogs/7/card' };
    expect(v.validate({ ...ok, body: { id: 7, name: 'Bello' } })).toEqual([]);
    expect(v.validate({ ...ok, body: { id: 7, name: 'Bello', owner_email: 'a@b.de' } })).toEqual([
      'GET /api/dogs/{dogId} → 200: body must NOT have unevaluated properties (owner_email)',
    ]);
    expect(v.validate({ ...card, body: { id: 7, name: 'Bello', owner: { name: 'Anna' } } })).toEqual([]);
    expect(v.validate({ ...card, body: { id: 7, name: 'Bello', owner: { name: 'Anna', email: 'a@b.de' } } })).toEqual([
      'GET /api/dogs/{dogId}/card → 200: body/owner must NOT have unevaluated properties (email)',
    ]);
    expect(createResponseValidator(extended, { closedObjects: false }).validate({ ...ok, body: { id: 7, name: 'Bello', x: 1 } })).toEqual([]);
  });

  it('refuses a document of another OpenAPI version', () => {
    expect(() => createResponseValidator({ ...dog31, openapi: '2.0' })).toThrow(/not supported/);
  });
});
