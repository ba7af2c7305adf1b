import sharp from 'sharp';

/**
 * Real image files for upload tests, made with sharp: JPEGs with GPS and capture-time EXIF (the way phones
 * write them), rotated ones, other formats, pixel bombs and broken files.
 */

export interface PhotoOptions {
  width?: number;
  height?: number;
  /** Decimal degrees; written as EXIF GPS rationals with N/S and E/W refs. */
  lat?: number;
  lon?: number;
  /** EXIF DateTimeOriginal as the camera writes it: 'YYYY:MM:DD HH:MM:SS' (local wall time). */
  takenAt?: string;
  offset?: string;
  /** EXIF orientation 1–8. */
  orientation?: number;
  color?: string;
}

function rational(deg: number): string {
  const abs = Math.abs(deg);
  const d = Math.floor(abs);
  const minutesFloat = (abs - d) * 60;
  const m = Math.floor(minutesFloat);
  const s = Math.round((minutesFloat - m) * 60 * 10000);
  return `${d}/1 ${m}/1 ${s}/10000`;
}

export async function makeJpeg(o: PhotoOptions = {}): Promise<Buffer> {
  const ifd2: Record<string, string> = {};
  if (o.takenAt) ifd2.DateTimeOriginal = o.takenAt;
  if (o.offset) ifd2.OffsetTimeOriginal = o.offset;
  const ifd3: Record<string, string> = {};
  if (o.lat !== undefined && o.lon !== undefined) {
    ifd3.GPSLatitudeRef = o.lat >= 0 ? 'N' : 'S';
    ifd3.GPSLatitude = rational(o.lat);
    ifd3.GPSLongitudeRef = o.lon >= 0 ? 'E' : 'W';
    ifd3.GPSLongitude = rational(o.lon);
  }
  let img = sharp({ create: { width: o.width ?? 64, height: o.height ?? 48, channels: 3, background: o.color ?? '#b5651d' } }).jpeg({ quality: 90 });
  if (o.orientation) img = img.withMetadata({ orientation: o.orientation });
  return img.withExif({ IFD0: { Make: 'Pfotenkamera', Model: 'Test' }, IFD2: ifd2, IFD3: ifd3 }).toBuffer();
}

export function makePng(width = 32, height = 32, alpha = false): Promise<Buffer> {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 0, alpha: 0.5 } : '#336699' } })
    .png()
    .toBuffer();
}

export function makeFormat(format: 'gif' | 'tiff' | 'webp' | 'avif'): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
export const TEXT = Buffer.from('Das ist kein Bild, nur Text.');

/**
 * A pixel bomb: a valid PNG header claiming 10,000 × 10,000 pixels (100 MP) with a tiny body. Decoding it
 * would need 300 MB of memory; the upload must refuse it from the header.
 */
export function pixelBombPng(width = 10_000, height = 10_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A JPEG cut in half: the header reads fine, the pixels end early. */
export async function truncatedJpeg(): Promise<Buffer> {
  const full = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 2));
}
