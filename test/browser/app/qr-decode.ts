import jsQRModule from 'jsqr';
import sharp from 'sharp';

// jsqr is CommonJS with a `default` property: under Node's ESM interop the function sits one level down.
const jsQR = (jsQRModule as unknown as { default: typeof jsQRModule.default }).default;

/** The text of the QR code in a PNG (a screenshot or a downloaded file), or null when none is found. */
export async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
