import { build, type Metafile } from 'esbuild';
import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from '#platform/config-parts.js';

/**
 * What the server holds after start (bench/auth.mjs measures its RSS): packages that only some requests need load
 * with their first use, and the bundle's source stays a one-byte string in V8's heap.
 */
describe('start memory', () => {
  // Each is loaded with `await import(...)` where it is first needed (sharp: ~26 MB resident with libvips).
  const LOADED_ON_FIRST_USE = ['sharp', 'web-push', 'qrcode', 'exifr', 'yazl', 'prom-client'];

  const bundle = build({
    entryPoints: ['src/server.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: 'dist-start-memory-test', // not written (write: false); esbuild wants a folder for the output's name
    logLevel: 'silent',
  });

  it('imports the packages that only some requests need lazily, never at start', async () => {
    const { metafile } = await bundle;
    const staticImports = Object.entries((metafile as Metafile).inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => i.kind === 'import-statement' && LOADED_ON_FIRST_USE.includes(i.path)).map((i) => `${file} → ${i.path}`),
    );
    expect(staticImports).toEqual([]);
    const dynamicImports = new Set(
      Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)),
    );
    // The list above names packages the server really uses: each is imported somewhere, lazily.
    for (const name of LOADED_ON_FIRST_USE) expect(dynamicImports, name).toContain(name);
  });

  it('keeps the server bundle in Latin-1, so that V8 stores its source in one byte per character', async () => {
    const { outputFiles } = await bundle;
    const server = outputFiles.find((f) => f.path.endsWith('server.js'))!;
    // esbuild escapes strings (charset ascii), but keeps comments as written: one "→" in a comment doubles the
    // source's ~1 MB in the heap. Write such comments with Latin-1 characters ("->", "-", "...").
    const wide = [...server.text.matchAll(/^.*[^\u0000-\u00ff].*$/gmu)].map((m) => m[0].trim());
    expect(wide).toEqual([]);
  });

  it('makes VAPID keys that web-push accepts, as a matching P-256 pair', () => {
    const { publicKey, privateKey } = generateVapidKeys();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey('base64url')).toBe(publicKey);
    const headers = webpush.getVapidHeaders('https://push.example.com', 'mailto:team@example.de', publicKey, privateKey, 'aes128gcm');
    expect(String(headers.Authorization)).toMatch(/^vapid t=.+, k=/);
  });
});
