import sharp from 'sharp';

/**
 * A 12-megapixel phone photo (4000 × 3000) as a camera writes it: smooth light with fine sensor grain, JPEG quality
 * 92, GPS and capture time in its EXIF. Flat test colours compress to almost nothing and would flatter the shrink;
 * this lands at 3–4 MB, where phone photos are. Shared by the browser tests and bench/photo-upload.mjs.
 */
/** @param {{ lat: number; lon: number; takenAt: string; width?: number; height?: number }} o */
export async function phonePhoto(o) {
  const width = o.width ?? 4000;
  const height = o.height ?? 3000;
  // Light and shade (a small noise field blown up), texture like fur or grass at a few pixels (a finer field blown
  // up, which shrinking keeps), and the full-size grain (which shrinking averages away, as in a real photo).
  /** @param {number} w @param {number} h @param {number} sigma */
  const field = (w, h, sigma) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#6a7d5a', noise: { type: 'gaussian', mean: 118, sigma } } })
      .png()
      .toBuffer()
      .then((b) => sharp(b).resize(width, height, { kernel: 'cubic' }).png().toBuffer());
  const light = await field(40, 30, 45);
  const texture = await field(Math.round(width / 6), Math.round(height / 6), 22);
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 7 } } })
    .png()
    .toBuffer();
  /** @param {number} v */
  const deg = (v) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    return `${d}/1 ${m}/1 ${Math.round(((a - d) * 60 - m) * 60 * 10000)}/10000`;
  };
  return sharp(light)
    .composite([
      { input: texture, blend: 'soft-light' },
      { input: grain, blend: 'overlay' },
    ])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Pfotenkamera', Model: 'Phone 12MP' },
      IFD2: { DateTimeOriginal: o.takenAt },
      IFD3: { GPSLatitudeRef: o.lat >= 0 ? 'N' : 'S', GPSLatitude: deg(o.lat), GPSLongitudeRef: o.lon >= 0 ? 'E' : 'W', GPSLongitude: deg(o.lon) },
    })
    .toBuffer();
}
