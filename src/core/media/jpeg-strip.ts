/**
 * Removes a JPEG's metadata without touching its pixels: the segments that carry EXIF (with the GPS position), XMP,
 * IPTC, comments and embedded previews go; what a decoder needs to show the same colours stays (JFIF, the ICC
 * profile, Adobe's colour transform). Anything after the end-of-image marker goes too (phones append depth maps and
 * second pictures there, and a polyglot file hides its other half there).
 *
 * Used for photos the app has already shrunk in the browser: re-encoding them would cost the server most of an
 * upload's CPU and lose quality a second time. Returns null for anything it does not fully understand; the caller
 * then re-encodes as before.
 */

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

/** Markers without a length field: TEM and the restart markers RST0–RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

function startsWith(buf: Buffer, at: number, text: string): boolean {
  return buf.toString('latin1', at, at + text.length) === text;
}

/** Which application segments survive: only those a decoder reads for the picture itself. */
function keepSegment(buf: Buffer, marker: number, payloadAt: number): boolean {
  if (marker === COM) return false;
  if (marker === APP0) return startsWith(buf, payloadAt, 'JFIF\0'); // not JFXX, which holds a thumbnail
  if (marker === APP2) return startsWith(buf, payloadAt, 'ICC_PROFILE\0'); // not MPF (the index of extra pictures)
  if (marker === APP14) return startsWith(buf, payloadAt, 'Adobe');
  return marker < APP0 || marker > 0xef; // every other APPn (EXIF, XMP, IPTC, …) goes
}

/** Where the entropy-coded data after a scan header ends: the next marker that is not a stuffed byte or a restart. */
function endOfScan(buf: Buffer, from: number): number {
  for (let i = from; i < buf.length - 1; i++) {
    if (buf[i] !== 0xff) continue;
    const next = buf[i + 1] as number;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) continue;
    return i;
  }
  return -1;
}

export function stripJpegMetadata(buf: Buffer): Buffer | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== SOI) return null;
  const kept: Buffer[] = [buf.subarray(0, 2)];
  let at = 2;
  while (at + 1 < buf.length) {
    if (buf[at] !== 0xff) return null;
    const marker = buf[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill bytes before a marker
      continue;
    }
    if (marker === EOI) {
      kept.push(buf.subarray(at, at + 2));
      return Buffer.concat(kept);
    }
    if (standalone(marker)) {
      kept.push(buf.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > buf.length) return null;
    const length = buf.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > buf.length) return null;
    if (marker === SOS) {
      const scanEnd = endOfScan(buf, end);
      if (scanEnd < 0) return null; // truncated: no marker after the scan
      kept.push(buf.subarray(at, scanEnd));
      at = scanEnd;
      continue;
    }
    if (keepSegment(buf, marker, at + 4)) kept.push(buf.subarray(at, end));
    at = end;
  }
  return null; // no end-of-image marker
}
