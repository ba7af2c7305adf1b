import { readFile, stat } from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { PHOTO_LONG_EDGE } from '#shared/limits.js';
import { stripJpegMetadata } from './jpeg-strip.js';

/**
 * A photo the app shrank in the browser is already what the server would make of it: a JPEG within
 * PHOTO_LONG_EDGE, upright, in sRGB. Re-encoding it would cost ~10× the CPU of the rest of the upload and lose quality
 * a second time, so it is kept byte for byte, minus its metadata (jpeg-strip.ts). Above one byte per pixel the
 * file is a camera original at high quality (or padded), and is re-encoded like any other upload.
 */
const MAX_BYTES_PER_PIXEL = 1;

export async function jpegKeptAsIs(input: string | Buffer, meta: Metadata): Promise<Buffer | null> {
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) return null;
  if (meta.orientation !== undefined && meta.orientation !== 1) return null; // stripping EXIF would lose the turn
  if (meta.space !== 'srgb' && meta.space !== 'b-w') return null; // CMYK and friends: browsers show them badly
  if (Math.max(meta.width, meta.height) > PHOTO_LONG_EDGE) return null;
  const bytes = typeof input === 'string' ? (await stat(input)).size : input.length;
  if (bytes > meta.width * meta.height * MAX_BYTES_PER_PIXEL) return null;
  return stripJpegMetadata(typeof input === 'string' ? await readFile(input) : input);
}
