/**
 * Draws the app icons from one SVG (a paw on amber) into public/icons/. Run after changing the design:
 *   npx tsx src/features/public-web/pwa/generate-icons.ts
 * Not used at run time; the generated files are committed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PUBLIC_DIR } from '#core/paths.js';

const AMBER = '#b45309';
const CREAM = '#fffaf5';

/** The paw: four toes and a pad, drawn in a 100×100 box. */
const paw = (fill: string) => `
  <ellipse cx="27" cy="40" rx="8.5" ry="11" transform="rotate(-18 27 40)" fill="${fill}"/>
  <ellipse cx="42" cy="27" rx="9" ry="12" transform="rotate(-6 42 27)" fill="${fill}"/>
  <ellipse cx="58" cy="27" rx="9" ry="12" transform="rotate(6 58 27)" fill="${fill}"/>
  <ellipse cx="73" cy="40" rx="8.5" ry="11" transform="rotate(18 73 40)" fill="${fill}"/>
  <path d="M50 47c-10 0-23 14-23 26 0 8 7 11 13 9 4-1 7-3 10-3s6 2 10 3c6 2 13-1 13-9 0-12-13-26-23-26z" fill="${fill}"/>`;

/** `inset` shrinks the paw: maskable icons keep their content inside the middle 80 %. */
function iconSvg(size: number, { round = 0.22, inset = 0.14 } = {}): string {
  const scale = ((1 - 2 * inset) * size) / 100;
  const offset = inset * size;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${round * size}" fill="${AMBER}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})">${paw(CREAM)}</g>
</svg>`;
}

function ogSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${CREAM}"/>
  <rect x="0" y="560" width="1200" height="70" fill="${AMBER}"/>
  <g transform="translate(70 165) scale(3)">${paw(AMBER)}</g>
  <text x="400" y="290" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="700" fill="#1c1917">Pfotenbuch</text>
  <text x="404" y="360" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#57534e">Die App für dich und deinen Hund</text>
  <text x="404" y="420" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#57534e">Tagebuch · Gesundheit · Community · Rassen-Wiki</text>
</svg>`;
}

/** An .ico file holding one PNG (allowed since Windows Vista; every current browser reads it). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // image data offset
  return Buffer.concat([header, png]);
}

async function main(): Promise<void> {
  const dir = join(PUBLIC_DIR, 'icons');
  writeFileSync(join(dir, 'favicon.svg'), iconSvg(100));
  const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  writeFileSync(join(dir, 'icon-192.png'), await png(iconSvg(192)));
  writeFileSync(join(dir, 'icon-512.png'), await png(iconSvg(512)));
  writeFileSync(join(dir, 'maskable-512.png'), await png(iconSvg(512, { round: 0, inset: 0.22 })));
  writeFileSync(join(dir, 'apple-touch-icon.png'), await png(iconSvg(180, { round: 0, inset: 0.16 })));
  writeFileSync(join(dir, 'favicon.ico'), pngToIco(await png(iconSvg(48)), 48));
  writeFileSync(join(dir, 'og-image.png'), await png(ogSvg()));
  console.warn(`icons written to ${dir}`);
}

await main();
