/** Collar colours as breeders write them ("rot", "hellblau", "#d33") → a colour for the chart's line. */
const NAMED: Record<string, string> = {
  rot: '#d32f2f',
  dunkelrot: '#8e1b1b',
  blau: '#1e63c4',
  hellblau: '#4fa3e0',
  dunkelblau: '#173f7a',
  grün: '#2e7d32',
  gruen: '#2e7d32',
  hellgrün: '#7cb342',
  gelb: '#c9a400',
  orange: '#ef6c00',
  lila: '#7b1fa2',
  violett: '#7b1fa2',
  rosa: '#e8799c',
  pink: '#d81b60',
  schwarz: '#222222',
  weiß: '#9e9e9e',
  weiss: '#9e9e9e',
  grau: '#757575',
  braun: '#6d4c41',
  türkis: '#00897b',
  tuerkis: '#00897b',
  silber: '#90a4ae',
  gold: '#b8860b',
};
const FALLBACK = ['#8a4a10', '#1e63c4', '#2e7d32', '#d32f2f', '#7b1fa2', '#ef6c00', '#00897b', '#6d4c41'];

export function collarColor(name: string, index: number): string {
  const key = name.trim().toLowerCase();
  if (NAMED[key]) return NAMED[key]!;
  if (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(key)) return key;
  return FALLBACK[index % FALLBACK.length]!;
}
