import { useEffect, useState } from 'preact/hooks';

/**
 * `text` as a QR code PNG (a data: URL: shown, printed and downloadable alike), or null while the encoder loads.
 * The encoder is its own chunk, loaded on first use; it is CommonJS, so its functions sit on the default export.
 */
export function useQrPng(text: string, options: { width: number; margin: number }): string | null {
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((m) => (m.default ?? m).toDataURL(text, { ...options, errorCorrectionLevel: 'M' })).then((data) => live && setPng(data));
    return () => {
      live = false;
    };
  }, [text, options.width, options.margin]);
  return png;
}
