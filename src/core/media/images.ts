import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/errors.js';

/**
 * Image checks and re-encoding. Everything here runs in sharp (libvips on libuv threads), so it never blocks the
 * event loop. The decoded format decides, never the file name or MIME type: libvips also decodes SVG, TIFF, GIF
 * and more, which we refuse. Re-encoding drops all metadata (the GPS position lives only in the database), so
 * the EXIF orientation is applied first (`rotate()`).
 */

/** Spec decision: at most 50 megapixels; sharp refuses bigger inputs before decoding them. */
export const MAX_INPUT_PIXELS = 50_000_000;
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

export type ImageVariant = 'diary' | 'dog-photo' | 'avatar';

export interface EncodedImage {
  data: Buffer;
  ext: 'jpg' | 'webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  main: EncodedImage;
  /** `<name>_preview.webp`, made for diary media only. */
  preview?: EncodedImage;
  /** The raw EXIF block of the original (for position and capture time), before it is stripped. */
  exif?: Buffer;
}

export const unsupportedImage = (name?: string) =>
  new AppError(
    415,
    'unsupported_image',
    `${name ? `„${name}“: ` : ''}Das ist kein Bild, das wir annehmen. Erlaubt sind JPEG, PNG, WebP und HEIF/AVIF.`,
  );
export const imageTooLarge = (name?: string) =>
  new AppError(422, 'image_too_large', `${name ? `„${name}“: ` : ''}Das Bild hat zu viele Pixel (höchstens 50 Megapixel).`);
export const imageCorrupt = (name?: string) =>
  new AppError(422, 'image_corrupt', `${name ? `„${name}“: ` : ''}Das Bild ist beschädigt und lässt sich nicht öffnen.`);
const heicUnsupported = (name?: string) =>
  new AppError(
    415,
    'unsupported_image',
    `${name ? `„${name}“: ` : ''}HEIC-Fotos können wir noch nicht lesen. Stell die Kamera auf „Maximale Kompatibilität“ oder lade ein JPEG hoch.`,
  );

function toAppError(err: unknown, name: string | undefined, heic: boolean): AppError {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/exceeds pixel limit/i.test(message)) return imageTooLarge(name);
  if (/unsupported image format/i.test(message)) return unsupportedImage(name);
  if (heic) return heicUnsupported(name);
  return imageCorrupt(name);
}

/** Reads the header only: format allow-list and pixel limit, without decoding the pixels. */
async function inspect(data: Buffer, name?: string): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(data, SHARP_INPUT).metadata();
  } catch (err) {
    throw toAppError(err, name, false);
  }
  if (!meta.format || !ALLOWED_FORMATS.has(meta.format)) throw unsupportedImage(name);
  if (!meta.width || !meta.height) throw imageCorrupt(name);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw imageTooLarge(name);
  return meta;
}

async function encode(pipeline: Sharp, ext: EncodedImage['ext']): Promise<EncodedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, ext, width: info.width, height: info.height };
}

/**
 * Checks and re-encodes one uploaded image. Diary photos keep up to 4096 px on the long side (JPEG, or WebP when
 * they have transparency) and get an 800 px WebP preview; dog photos are WebP up to 1600 px; avatars a 512 px
 * square. Throws 415 (not an allowed image), 422 (too many pixels, corrupt).
 */
export async function processImage(data: Buffer, variant: ImageVariant, name?: string): Promise<ProcessedImage> {
  const meta = await inspect(data, name);
  const heic = meta.format === 'heif' && meta.compression === 'hevc';
  const base = sharp(data, SHARP_INPUT).rotate();
  try {
    if (variant === 'avatar') {
      const main = await encode(base.resize(512, 512, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }), 'webp');
      return { main, exif: meta.exif };
    }
    if (variant === 'dog-photo') {
      const main = await encode(base.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }), 'webp');
      return { main, exif: meta.exif };
    }
    const resized = base.clone().resize(4096, 4096, { fit: 'inside', withoutEnlargement: true });
    const [main, preview] = await Promise.all([
      meta.hasAlpha ? encode(resized.webp({ quality: 90 }), 'webp') : encode(resized.jpeg({ quality: 85 }), 'jpg'),
      encode(base.clone().resize(800, 800, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75 }), 'webp'),
    ]);
    return { main, preview, exif: meta.exif };
  } catch (err) {
    throw toAppError(err, name, heic);
  }
}
