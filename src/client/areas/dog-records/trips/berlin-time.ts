/** Berlin's wall clock, kept (a form may convert several times). */
const berlinWallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * A `datetime-local` value ("2026-07-10T10:00") read as Berlin time, as an ISO instant: the trip's times are
 * German wall-clock times whatever zone the phone is set to. The offset is looked up for that moment (summer or
 * winter time), corrected once near a change.
 */
export function berlinLocalToIso(local: string): string {
  const guess = Date.parse(`${local}:00Z`);
  const offset = (t: number) => {
    const parts = berlinWallClock.formatToParts(new Date(t));
    const get = (k: string) => Number(parts.find((p) => p.type === k)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - Math.floor(t / 60_000) * 60_000;
  };
  const first = guess - offset(guess);
  return new Date(guess - offset(first)).toISOString();
}
