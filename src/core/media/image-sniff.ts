import { open } from 'node:fs/promises';

/** Enough of a file to tell the formats we take: the ISO-BMFF `ftyp` box of HEIF/AVIF fits in it. */
export const SNIFF_BYTES = 64;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * The image format by its magic bytes, before any decoder sees the file: JPEG, PNG, WebP or HEIF/AVIF, else
 * undefined. libvips would otherwise try to render whatever it can (SVG through librsvg, PDF, TIFF …); a file it
 * cannot render then looked "corrupt" (422) although it was simply a format we do not take (415).
 */
export function sniffImageFormat(head: Buffer): 'jpeg' | 'png' | 'webp' | 'heif' | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    // major brand at 8, then the minor version, then the compatible brands up to the box's end
    const boxEnd = Math.min(head.readUInt32BE(0), head.length);
    const brands = [head.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(head.toString('latin1', at, at + 4));
    if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  }
  return undefined;
}

/** The first bytes of an upload (a staged file path or a buffer). */
export async function headOf(input: string | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, SNIFF_BYTES);
  const file = await open(input, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
