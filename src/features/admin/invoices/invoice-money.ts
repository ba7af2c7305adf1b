/**
 * Money rules of an invoice. Prices are gross (German consumer prices include VAT); one VAT rate per invoice,
 * snapshotted from the configuration. The VAT share is computed once on the total, rounded half away from zero,
 * so net + VAT always equals the total to the cent.
 */
export function splitGross(totalCents: number, vatRatePercent: number): { net_cents: number; vat_cents: number } {
  if (vatRatePercent === 0) return { net_cents: totalCents, vat_cents: 0 };
  const net = Math.sign(totalCents) * Math.round((Math.abs(totalCents) * 100) / (100 + vatRatePercent));
  return { net_cents: net, vat_cents: totalCents - net };
}

const EURO = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** 1250 → "12,50 €" (decisions.md: money as German users read it). */
export function formatEuro(cents: number): string {
  return EURO.format(cents / 100);
}

/** 2026-11-21 → "21.11.2026". */
export function formatDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}`;
}

export function formatNumber(prefix: string, seq: number): string {
  return `${prefix}-${String(seq).padStart(6, '0')}`;
}
