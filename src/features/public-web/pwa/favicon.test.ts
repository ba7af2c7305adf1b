import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { faviconHandler } from './favicon.js';

const base = mkdtempSync(join(tmpdir(), 'favicon-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('GET /favicon.ico', () => {
  it('is served when the app is installed below a folder whose name starts with a dot (~/.local/share/…)', async () => {
    const icons = join(base, '.local', 'share', 'pfotenbuch', 'public', 'icons');
    mkdirSync(icons, { recursive: true });
    writeFileSync(join(icons, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    const app = express().get('/favicon.ico', faviconHandler(icons));
    const res = await request(app).get('/favicon.ico').expect(200).expect('Content-Type', 'image/x-icon');
    expect(res.body).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
