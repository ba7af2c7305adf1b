/** Calendar arithmetic on YYYY-MM-DD strings (noon UTC keeps DST out of it), for the heat and care screens. */
const DAY = 86_400_000;
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY);
