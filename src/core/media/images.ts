import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type SharpFactory from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/route/errors.js';
import { headOf, sniffImageFormat } from './image-sniff.js';
import { Slots } from './image-slots.js';
import { jpegKeptAsIs } from './photo-as-is.js';
import { discardFiles, newMediaName } from './storage.js';

/**
 * Image checks and re-encoding. Everything here runs in sharp (libvips on libuv threads) and writes files: no
 * event-loop work, and the encoded images never pass through the JavaScript heap (a photo kept as it is, photo-as-is.ts,
is read into one Buffer of at most 1 byte per pixel of 2560 px, outside the V8 heap). The one decode of a diary photo
 * lives in a Buffer whose memory libvips allocated (outside the V8 heap, freed with the Buffer). The decoded format
 * decides, never the file name or MIME type: libvips also decodes SVG, TIFF, GIF and more, which we refuse.
 * Re-encoding drops all metadata (the GPS position lives only in the database), so the EXIF orientation is applied
 * first (`rotate()`).
 */

/** Spec decision: at most 50 megapixels; sharp refuses bigger inputs before decoding them. */
export const MAX_INPUT_PIXELS = 50_000_000;
const ALLOWED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * Every decode of an upload: the pixel limit; `failOn: 'error'` refuses broken pixel data (a truncated JPEG) but not
 * the harmless warnings many phone photos carry; sequential read streams the file through libvips in strips
 * instead of loading it whole first.
 */
const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true } as const;
/** The long side of a stored diary photo and of its preview. */
const MAIN_MAX = 4096;
const PREVIEW_MAX = 800;

export type ImageVariant = 'diary' | 'dog-photo' | 'avatar';

/** IMAGE_JOBS and IMAGE_THREADS (config.images). */
export interface ImageSettings {
  /** Images worked on at once in this process; more wait for a slot. */
  jobs: number;
  /** libvips threads per image (sharp.concurrency). */
  threads: number;
}

/**
 * Image work runs on libuv threads, not on the event loop, but it needs CPU and memory (a decoded 12 MP photo is
 * 36 MB). By default at most (cores − 1) images are worked on at once, one libvips thread each, so one core always
 * stays free for the event loop and 25 uploads at once hold one or two decoded images, not 25: the rest wait.
 */
const slots = new Slots(Math.max(1, availableParallelism() - 1));
let threads = 1;

/** Applies IMAGE_JOBS and IMAGE_THREADS; called when the app's context is made (store/index.ts), before any upload. */
export function configureImages(settings: ImageSettings): void {
  slots.setLimit(settings.jobs);
  threads = settings.threads;
  void sharpLoaded?.then((sharp) => sharp.concurrency(threads));
}

/**
 * sharp (libvips, ~26 MB resident) is loaded on the first image, not at start: a server that has not handled an
 * upload yet stays small (bench/auth.mjs measures RSS).
 */
let sharpLoaded: Promise<typeof SharpFactory> | undefined;
function loadSharp(): Promise<typeof SharpFactory> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(threads);
    // Every upload is a new file: libvips' operation cache never hits, it only keeps memory (measured: ~430 MB RSS
    // with it after 12-megapixel uploads, ~300 MB without).
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/** An encoded image in the staging folder, waiting to be moved into place (storage.ts commitFiles). */
export interface StagedImage {
  path: string;
  ext: 'jpg' | 'webp';
  width: number;
  height: number;
  bytes: number;
}

export interface ProcessedImage {
  main: StagedImage;
  /** `<name>_preview.webp`, made for diary media only. */
  preview?: StagedImage;
  /** The raw EXIF block of the original (for position and capture time), before it is stripped. */
  exif?: Buffer;
}

export const unsupportedImage = (name?: string) =>
  new AppError(415, 'unsupported_image', `${name ? `„${name}“: ` : ''}Das ist kein Bild, das wir annehmen. Erlaubt sind JPEG, PNG, WebP und HEIF/AVIF.`);
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

/**
 * Reads the header only: format allow-list (first by the magic bytes, before libvips sees the file, then by what
 * libvips reads) and pixel limit, without decoding the pixels.
 */
async function inspect(input: string | Buffer, name?: string): Promise<Metadata> {
  if (!sniffImageFormat(await headOf(input))) throw unsupportedImage(name);
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, SHARP_INPUT).metadata();
  } catch (err) {
    throw toAppError(err, name, false);
  }
  if (!meta.format || !ALLOWED_FORMATS.has(meta.format)) throw unsupportedImage(name);
  if (!meta.width || !meta.height) throw imageCorrupt(name);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw imageTooLarge(name);
  return meta;
}

async function encode(pipeline: Sharp, ext: StagedImage['ext'], stagingDir: string, written: string[]): Promise<StagedImage> {
  const path = join(stagingDir, `${newMediaName()}.${ext}.part`);
  written.push(path);
  const info = await pipeline.toFile(path);
  return { path, ext, width: info.width, height: info.height, bytes: info.size };
}

/** A JPEG kept as it is (photo-as-is.ts), written to the staging folder like an encoded one. */
async function stageAsIs(bytes: Buffer, meta: Metadata, stagingDir: string, written: string[]): Promise<StagedImage> {
  const path = join(stagingDir, `${newMediaName()}.jpg.part`);
  written.push(path);
  await writeFile(path, bytes, { flag: 'wx' });
  return { path, ext: 'jpg', width: meta.width as number, height: meta.height as number, bytes: bytes.length };
}

/**
 * Checks and re-encodes one uploaded image (a file path or a buffer) into `stagingDir`. Diary photos keep up to
 * 4096 px on the long side (JPEG, or WebP when they have transparency) and get an 800 px WebP preview; dog photos
 * are WebP up to 1600 px; avatars a 512 px square. A diary photo the app already shrank is kept as it is, without
 * its metadata (photo-as-is.ts). Throws 415 (not an allowed image) or 422 (too many pixels,
 * corrupt) and then leaves nothing behind in `stagingDir`.
 */
export function processImage(input: string | Buffer, variant: ImageVariant, stagingDir: string, name?: string): Promise<ProcessedImage> {
  return slots.run(async () => {
    await mkdir(stagingDir, { recursive: true });
    const written: string[] = [];
    try {
      return await encodeVariant(input, variant, stagingDir, written, name);
    } catch (err) {
      await discardFiles(written);
      throw err;
    }
  });
}

async function encodeVariant(input: string | Buffer, variant: ImageVariant, dir: string, written: string[], name?: string): Promise<ProcessedImage> {
  const meta = await inspect(input, name);
  const heic = meta.format === 'heif' && meta.compression === 'hevc';
  const sharp = await loadSharp();
  // The EXIF orientation is applied here, once; no output carries metadata (sharp writes none unless asked).
  const base = sharp(input, SHARP_INPUT).rotate();
  try {
    if (variant === 'avatar') {
      const main = await encode(base.resize(512, 512, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }), 'webp', dir, written);
      return { main, exif: meta.exif };
    }
    if (variant === 'dog-photo') {
      const main = await encode(base.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }), 'webp', dir, written);
      return { main, exif: meta.exif };
    }
    // One decode of the original: turned upright and at most 4096 px, it streams through libvips into the photo
    // file. The preview is made from that file, which is always a JPEG or WebP, so libvips decodes it already
    // shrunk (shrink-on-load) instead of decoding a PNG or HEIF original a second time in full. No pixels cross into
    // JavaScript: a raw pixel Buffer (5.8 MB for a phone photo, up to 64 MB) was freed only by V8's next full
    // collection, and a few of them at once were most of the memory the upload mix left behind. One after the
    // other, not in parallel: one thread per image. A photo kept as it is gets no decode of its own: the preview's
    // decode (failOn: 'error') is then the check that its pixel data is whole.
    const asIs = await jpegKeptAsIs(input, meta);
    const upright = () => base.resize(MAIN_MAX, MAIN_MAX, { fit: 'inside', withoutEnlargement: true });
    let main: StagedImage;
    if (asIs) main = await stageAsIs(asIs, meta, dir, written);
    else if (meta.hasAlpha) main = await encode(upright().webp({ quality: 90 }), 'webp', dir, written);
    else main = await encode(upright().jpeg({ quality: 85 }), 'jpg', dir, written);
    // effort 2 (of 6): the preview is small, a higher effort saves a few hundred bytes for twice the CPU (measured:
    // 45 → 30 ms for an 800 px preview of a 12 MP photo).
    const preview = await encode(
      sharp(main.path, SHARP_INPUT).resize(PREVIEW_MAX, PREVIEW_MAX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 75, effort: 2 }),
      'webp',
      dir,
      written,
    );
    return { main, preview, exif: meta.exif };
  } catch (err) {
    throw toAppError(err, name, heic);
  }
}
