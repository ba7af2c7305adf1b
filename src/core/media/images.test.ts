import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFormat, makeJpeg, makePng, PDF, pixelBombPng, SVG, TEXT, truncatedJpeg } from '../../../test/fakes/photos.js';
import { AppError } from '../http/route/errors.js';
import { sniffImageFormat } from './image-sniff.js';
import { readPhotoFacts } from './exif.js';
import { processImage } from './images.js';

const staging = mkdtempSync(join(tmpdir(), 'pfotenbuch-images-'));
afterAll(() => rmSync(staging, { recursive: true, force: true }));

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('processImage', () => {
  it('applies the EXIF orientation, then strips all metadata, and makes a WebP preview', async () => {
    const input = await makeJpeg({ width: 60, height: 40, orientation: 6, lat: 48.1374, lon: 11.5755, takenAt: '2025:06:14 12:30:00' });
    const out = await processImage(input, 'diary', staging);
    expect(out.main).toMatchObject({ ext: 'jpg', width: 40, height: 60 });
    const meta = await sharp(out.main.path).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.preview?.ext).toBe('webp');
    expect((await sharp(out.preview?.path).metadata()).format).toBe('webp');
    // The original EXIF is handed back for the position, not written out.
    expect((await readPhotoFacts(out.exif, 'Europe/Berlin', new Date())).lat).toBeCloseTo(48.1374, 4);
  });

  it('keeps transparency as WebP and shrinks big photos to 4096 px and previews to 800 px', async () => {
    const alpha = await processImage(await makePng(20, 20, true), 'diary', staging);
    expect(alpha.main.ext).toBe('webp');
    const big = await processImage(await makeJpeg({ width: 5000, height: 1000 }), 'diary', staging);
    expect(big.main).toMatchObject({ width: 4096, height: 819 });
    // The preview is made from the 4096 × 819 photo, so its height may round to 159 instead of 160.
    expect(big.preview?.width).toBe(800);
    expect(big.preview?.height).toBeGreaterThanOrEqual(159);
    expect(big.preview?.height).toBeLessThanOrEqual(160);
  });

  it('accepts WebP and AVIF, and makes avatars 512 px squares and dog photos without preview', async () => {
    expect((await processImage(await makeFormat('webp'), 'diary', staging)).main.ext).toBe('jpg');
    expect((await processImage(await makeFormat('avif'), 'diary', staging)).main.ext).toBe('jpg');
    const avatar = await processImage(await makeJpeg({ width: 900, height: 600 }), 'avatar', staging);
    expect(avatar.main).toMatchObject({ ext: 'webp', width: 512, height: 512 });
    expect(avatar.preview).toBeUndefined();
    const dog = await processImage(await makeJpeg({ width: 3000, height: 2000 }), 'dog-photo', staging);
    expect(dog.main).toMatchObject({ ext: 'webp', width: 1600, height: 1067 });
    expect(dog.preview).toBeUndefined();
  });

  it.each([
    ['GIF', () => makeFormat('gif')],
    ['TIFF', () => makeFormat('tiff')],
    ['SVG', async () => SVG],
    ['PDF', async () => PDF],
    ['text', async () => TEXT],
  ])('refuses %s with 415, decided by the decoded format', async (_name, make) => {
    const before = readdirSync(staging).length;
    const err = await rejection(processImage(await make(), 'diary', staging, 'hund.jpg'));
    expect(err).toMatchObject({ status: 415, code: 'unsupported_image' });
    expect(err.message).toContain('„hund.jpg“');
    expect(readdirSync(staging)).toHaveLength(before);
  });

  it('refuses an SVG that libvips cannot render with 415, checked by the magic bytes before decoding', async () => {
    const broken = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="');
    const err = await rejection(processImage(broken, 'diary', staging, 'bild.svg'));
    expect(err).toMatchObject({ status: 415, code: 'unsupported_image' });
  });

  it('tells the accepted formats by their magic bytes, HEIF/AVIF by the ftyp brands', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } });
    expect(sniffImageFormat(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await base.clone().avif().toBuffer())).toBe('heif');
    expect(sniffImageFormat(await base.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svg/>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('refuses a pixel bomb (over 50 megapixels) from its header with 422', async () => {
    const err = await rejection(processImage(pixelBombPng(), 'diary', staging));
    expect(err).toMatchObject({ status: 422, code: 'image_too_large' });
    // 7,072 × 7,072 is just over 50 MP: the limit is 50 MP, not libvips' default of 268 MP.
    expect((await rejection(processImage(pixelBombPng(7072, 7072), 'diary', staging))).code).toBe('image_too_large');
  });

  it('keeps a JPEG the app shrank as it is, and re-encodes one that is too big, too heavy or needs turning', async () => {
    const noise = (width: number, height: number, quality: number) =>
      sharp({ create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 25 } } })
        .jpeg({ quality })
        .toBuffer();
    const shrunk = await noise(1600, 1200, 80);
    const kept = await processImage(shrunk, 'diary', staging);
    expect(Buffer.compare(await readFile(kept.main.path), shrunk)).toBe(0);
    expect(kept.preview).toMatchObject({ width: 800, height: 600 });
    for (const input of [await noise(2600, 1950, 80), await noise(400, 300, 100), await makeJpeg({ width: 60, height: 40, orientation: 6 })]) {
      const out = await processImage(input, 'diary', staging);
      expect(Buffer.compare(await readFile(out.main.path), input)).not.toBe(0);
    }
  });

  it('refuses a truncated JPEG with 422', async () => {
    const before = readdirSync(staging).length;
    const err = await rejection(processImage(await truncatedJpeg(), 'diary', staging));
    expect(err).toMatchObject({ status: 422, code: 'image_corrupt' });
    // The half-written output of the failed encode is gone too.
    expect(readdirSync(staging)).toHaveLength(before);
  });
});

describe('readPhotoFacts', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  const facts = async (buf: Buffer) => readPhotoFacts((await sharp(buf).metadata()).exif, 'Europe/Berlin', now);

  it('reads GPS position and capture time with its offset', async () => {
    const f = await facts(await makeJpeg({ lat: 48.1374, lon: 11.5755, takenAt: '2025:06:14 23:30:00', offset: '+02:00' }));
    expect(f.lat).toBeCloseTo(48.1374, 4);
    expect(f.lon).toBeCloseTo(11.5755, 4);
    expect(f).toMatchObject({ takenAt: '2025-06-14T21:30:00.000Z', takenDay: '2025-06-14' });
  });

  it('reads a time without offset as Europe/Berlin wall time (summer and winter)', async () => {
    expect((await facts(await makeJpeg({ takenAt: '2025:06:14 00:30:00' }))).takenAt).toBe('2025-06-13T22:30:00.000Z');
    expect((await facts(await makeJpeg({ takenAt: '2025:01:14 00:30:00' }))).takenAt).toBe('2025-01-13T23:30:00.000Z');
    expect((await facts(await makeJpeg({ takenAt: '2025:01:14 00:30:00' }))).takenDay).toBe('2025-01-14');
  });

  it('handles the southern and western hemispheres', async () => {
    const f = await facts(await makeJpeg({ lat: -33.8568, lon: -70.6483 }));
    expect(f.lat).toBeCloseTo(-33.8568, 4);
    expect(f.lon).toBeCloseTo(-70.6483, 4);
  });

  it('treats a missing or nonsensical EXIF as no facts', async () => {
    expect(await facts(await makePng())).toEqual({ lat: null, lon: null, takenAt: null, takenDay: null });
    const zero = await facts(await makeJpeg({ lat: 0, lon: 0, takenAt: '0000:00:00 00:00:00' }));
    expect(zero).toEqual({ lat: null, lon: null, takenAt: null, takenDay: null });
    expect((await facts(await makeJpeg({ takenAt: '2031:01:01 10:00:00' }))).takenAt).toBeNull();
    expect(await readPhotoFacts(Buffer.from('Exif\0\0garbage-garbage'), 'Europe/Berlin', now)).toMatchObject({ lat: null });
  });
});
