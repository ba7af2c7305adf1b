import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg, truncatedJpeg } from '../../../test/fakes/photos.js';
import { readPhotoFacts } from './exif.js';
import { stripJpegMetadata } from './jpeg-strip.js';

const noisy = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 120, sigma: 30 } } });
const pixels = (jpeg: Buffer) => sharp(jpeg).raw().toBuffer();

describe('stripJpegMetadata', () => {
  it('drops EXIF (with the position), XMP, comments and what follows the image; the pixels stay byte for byte', async () => {
    const withExif = await makeJpeg({ width: 120, height: 90, lat: 52.5163, lon: 13.3777, takenAt: '2026:05:01 10:15:00' });
    const xmp = Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>');
    const polyglot = Buffer.concat([withExif, Buffer.from('PK\u0003\u0004 a zip behind the picture')]);
    const withXmp = await sharp(polyglot.subarray(0, withExif.length)).withXmp(xmp.toString()).keepExif().toBuffer();

    expect((await sharp(withXmp).metadata()).xmp).toBeDefined();
    for (const input of [withExif, polyglot, withXmp]) {
      const out = stripJpegMetadata(input);
      expect(out).not.toBeNull();
      const meta = await sharp(out as Buffer).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect((await readPhotoFacts(meta.exif, 'Europe/Berlin', new Date())).lat).toBeNull();
      expect((out as Buffer).includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
      expect((out as Buffer).subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    }
    expect(await pixels(stripJpegMetadata(withExif) as Buffer)).toEqual(await pixels(withExif));
  });

  it('keeps the ICC profile and a progressive file whole', async () => {
    const input = await noisy(64, 48).jpeg({ progressive: true }).withIccProfile('p3').toBuffer();
    const out = stripJpegMetadata(input) as Buffer;
    expect((await sharp(out).metadata()).icc).toBeDefined();
    expect(await pixels(out)).toEqual(await pixels(input));
  });

  it('gives up (null) on what is not a whole JPEG', async () => {
    expect(stripJpegMetadata(await truncatedJpeg())).toBeNull();
    expect(stripJpegMetadata(Buffer.from('not a jpeg at all'))).toBeNull();
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toBeNull(); // a length past the end
  });
});
