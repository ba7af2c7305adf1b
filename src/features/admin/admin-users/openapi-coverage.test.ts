import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

/** Every route of the dogs, partner, upgrades, admin-users and invoices areas, as the OpenAPI document must list it. */
const ROUTES: [method: string, path: string, statuses: string[]][] = [
  ['get', '/api/dogs', ['200', '401']],
  ['post', '/api/dogs', ['201', '400', '401', '422']],
  ['get', '/api/dogs/{dogId}', ['200', '403', '404']],
  ['patch', '/api/dogs/{dogId}', ['200', '400', '403', '404', '422']],
  ['delete', '/api/dogs/{dogId}', ['204', '403', '404']],
  ['get', '/api/admin/partner/codes', ['200', '401', '403']],
  ['post', '/api/admin/partner/codes', ['201', '409', '422']],
  ['delete', '/api/admin/partner/codes/{code}', ['200', '404']],
  ['post', '/api/admin/partner/users/{id}/grant', ['200', '404', '409']],
  ['get', '/api/admin/partner/founder-places', ['200']],
  ['get', '/api/partner/codes/{code}/info', ['200', '429']],
  ['post', '/api/upgrade-requests', ['201', '409', '422']],
  ['get', '/api/upgrade-requests', ['200']],
  ['delete', '/api/upgrade-requests/{id}', ['200', '403', '404', '409']],
  ['get', '/api/admin/upgrade-requests', ['200']],
  ['get', '/api/admin/upgrade-requests/open-count', ['200']],
  ['post', '/api/admin/upgrade-requests/{id}/fulfill', ['200', '404', '409']],
  ['post', '/api/admin/upgrade-requests/{id}/reject', ['200', '404', '409']],
  ['get', '/api/admin/users/search', ['200', '403']],
  ['get', '/api/admin/users/{id}', ['200', '404']],
  ['patch', '/api/admin/users/{id}', ['200', '403', '404', '409']],
  ['delete', '/api/admin/users/{id}', ['204', '404', '409']],
  ['get', '/api/admin/invoices', ['200']],
  ['post', '/api/admin/invoices', ['201', '404', '409', '422']],
  ['get', '/api/admin/invoices/{id}', ['200', '404']],
  ['get', '/api/admin/invoices/{id}/print', ['200', '404']],
  ['post', '/api/admin/invoices/{id}/cancel', ['201', '404', '409']],
  ['get', '/api/invoices', ['200']],
  ['get', '/api/invoices/{id}/print', ['200', '403', '404']],
];

interface Operation {
  summary?: string;
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
  responses: Record<string, unknown>;
}

describe('OpenAPI document', () => {
  it('describes every route of these areas with its summary, inputs and statuses', async () => {
    const doc = (await request(t.app).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
    for (const [method, path, statuses] of ROUTES) {
      const op = doc.paths[path]?.[method];
      expect({ route: `${method} ${path}`, found: Boolean(op) }).toEqual({ route: `${method} ${path}`, found: true });
      if (!op) continue;
      expect(op.summary).toBeTruthy();
      for (const s of statuses) expect({ route: `${method} ${path}`, status: s, documented: s in op.responses }).toMatchObject({ documented: true });
      for (const param of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === param)).toBe(true);
      }
      if (['post', 'patch'].includes(method)) expect({ route: `${method} ${path}`, body: Boolean(op.requestBody) }).toMatchObject({ body: true });
    }
    const search = doc.paths['/api/admin/users/search']?.get;
    expect(search?.parameters?.some((p) => p.name === 'q' && p.in === 'query')).toBe(true);
  });
});
