import { describe, expect, it } from 'vitest';
import { checkTrip, type DogInput, type TripInput } from './trip-check.js';

/**
 * The trip check as a table of cases; each names the rule it tests. Times are fixed (no "today"): `now` is
 * 1 June 2026, 10:00 in Berlin.
 */
const NOW = new Date('2026-06-01T08:00:00Z');
const dog: DogInput = { chip_number: '276098106123456', chip_implanted_on: '2024-01-05', birth_date: '2023-09-01', pet_passport_number: 'DE-0123456' };
const trip = (over: Partial<TripInput> = {}): TripInput => ({
  country: 'AT',
  entry_at: '2026-07-10T08:00:00Z', // Fr, 10. Juli, 10:00
  return_at: null,
  tapeworm_treated_at: null,
  ahc_issued_on: null,
  titer_sampled_on: null,
  titer_result_iu_ml: null,
  ...over,
});
const valid = [{ date: '2025-08-01', next_due: '2028-08-01' }];

const check = (t: Partial<TripInput>, shots = valid, d: Partial<DogInput> = {}, now = NOW) => checkTrip(trip(t), { ...dog, ...d }, shots, now);
const one = (code: string, ...args: Parameters<typeof check>) => check(...args).checks.find((k) => k.code === code)!;

describe('rabies (Regulation (EU) No 576/2013, Annex III)', () => {
  it('Annex III 2(e)(ii): a primary vaccination 10 days before entry is blocked; ready_from is its 21st day', () => {
    const r = check({}, [{ date: '2026-06-30', next_due: '2029-06-30' }], {}, new Date('2026-07-01T08:00:00Z'));
    expect(r.checks.find((k) => k.code === 'rabies')).toMatchObject({ status: 'blocked', ready_from: '2026-07-21' });
    expect(r).toMatchObject({ ready: false, ready_from: '2026-07-21' });
  });
  it('Annex III 2(e)(ii): 21 days after the primary vaccination it is valid', () => {
    expect(one('rabies', {}, [{ date: '2026-06-19', next_due: '2029-06-19' }])).toMatchObject({ status: 'ok' });
    expect(one('rabies', {}, [{ date: '2026-06-20', next_due: '2029-06-20' }])).toMatchObject({ status: 'blocked', ready_from: '2026-07-11' });
  });
  it('Annex III 2(e)(iii): a booster within the validity of the one before is valid at once', () => {
    const shots = [
      { date: '2023-07-01', next_due: '2026-07-05' },
      { date: '2026-07-01', next_due: '2029-07-01' },
    ];
    expect(one('rabies', {}, shots, { chip_implanted_on: '2023-06-01', birth_date: '2022-01-01' }, new Date('2026-07-02T08:00:00Z'))).toMatchObject({
      status: 'ok',
    });
  });
  it('Annex III 2(e)(iii): a booster after the expiry is a primary vaccination again (21 days)', () => {
    const shots = [
      { date: '2023-06-01', next_due: '2026-06-25' },
      { date: '2026-06-28', next_due: '2029-06-28' },
    ];
    expect(one('rabies', {}, shots, { chip_implanted_on: '2023-06-01', birth_date: '2022-01-01' }, new Date('2026-07-01T08:00:00Z'))).toMatchObject({
      status: 'blocked',
      ready_from: '2026-07-19',
    });
  });
  it('Annex III 2(c): a puppy vaccinated at 10 weeks does not count; a new vaccination is due', () => {
    const k = one('rabies', { entry_at: '2026-09-10T08:00:00Z' }, [{ date: '2026-05-12', next_due: '2029-05-12' }], {
      birth_date: '2026-03-03',
      chip_implanted_on: '2026-05-01',
    });
    expect(k.status).toBe('todo');
    expect(k.message).toContain('jünger als 12 Wochen');
    expect(k).toMatchObject({ window_from: '2026-06-01', window_until: '2026-08-20' });
  });
  it('Annex III 2(c) and decisions: the 12-week minimum age pushes a young puppy’s trip back (blocked, ready_from)', () => {
    expect(one('rabies', {}, [], { birth_date: '2026-05-01', chip_implanted_on: '2026-05-20' })).toMatchObject({ status: 'blocked', ready_from: '2026-08-14' });
  });
  it('Art. 6(a) and Annex III 2(b): a chip implanted after the vaccination makes it not count', () => {
    const k = one('rabies', {}, valid, { chip_implanted_on: '2025-09-01' });
    expect(k.status).toBe('todo');
    expect(k.message).toContain('Chip wurde erst danach gesetzt');
  });
  it('decisions (valid on the day of return): a return after the validity asks for a booster before it ends', () => {
    const k = one('rabies', { return_at: '2026-08-20T10:00:00Z' }, [{ date: '2025-07-30', next_due: '2026-07-30' }]);
    expect(k).toMatchObject({ status: 'todo', window_until: '2026-07-30' });
    expect(k.message).toContain('läuft am Do, 30. Juli 2026 ab');
  });
});

describe('tapeworm (Delegated Regulation (EU) 2018/772 Art. 6; gov.uk; Mattilsynet): 120 to 24 hours before entry', () => {
  const hoursBefore = (h: number) => new Date(Date.parse('2026-07-10T08:00:00Z') - h * 3_600_000).toISOString();
  it.each([
    [121, 'todo'],
    [120, 'ok'],
    [24, 'ok'],
    [23, 'todo'],
  ])('treated %i h before entry → %s', (h, status) => {
    expect(one('tapeworm', { country: 'NO', tapeworm_treated_at: hoursBefore(h) }).status).toBe(status);
  });
  it('says what to do and by when, in Berlin time', () => {
    expect(one('tapeworm', { country: 'NO' })).toMatchObject({
      status: 'todo',
      message: 'Bandwurmbehandlung beim Tierarzt zwischen So, 5. Juli, 10:00 und Do, 9. Juli, 10:00.',
      window_from: '2026-07-05T08:00:00.000Z',
      window_until: '2026-07-09T08:00:00.000Z',
    });
  });
  it('across the change to summer time (29 March 2026) it counts real hours: 09:00 winter time to 10:00 summer time', () => {
    expect(one('tapeworm', { country: 'FI', entry_at: '2026-03-31T08:00:00Z' }, valid, {}, new Date('2026-03-01T08:00:00Z')).message).toBe(
      'Bandwurmbehandlung beim Tierarzt zwischen Do, 26. März, 09:00 und Mo, 30. März, 10:00.',
    );
  });
  it('once the window has closed without a treatment the trip is blocked', () => {
    expect(one('tapeworm', { country: 'MT' }, valid, {}, new Date('2026-07-09T09:00:00Z'))).toMatchObject({ status: 'blocked', ready_from: '2026-07-10' });
  });
  it('destinations without the rule have no tapeworm check (Austria, Switzerland)', () => {
    expect(check({}).checks.map((k) => k.code)).toEqual(['chip', 'rabies', 'passport']);
    expect(check({ country: 'CH' }).checks.map((k) => k.code)).toEqual(['chip', 'rabies', 'passport']);
  });
});

describe('Great Britain (gov.uk): the animal health certificate in the 10 days before entry', () => {
  it('issued on day 10 before entry is ok, on day 11 it is not', () => {
    expect(one('ahc', { country: 'GB', ahc_issued_on: '2026-06-30' }).status).toBe('ok');
    expect(one('ahc', { country: 'GB', ahc_issued_on: '2026-06-29' }).status).toBe('todo');
  });
  it('GB asks chip, rabies, certificate and tapeworm, not the EU passport', () => {
    expect(check({ country: 'GB' }).checks.map((k) => k.code)).toEqual(['chip', 'rabies', 'ahc', 'tapeworm']);
  });
});

describe('titre (576/2013 Art. 10(1)(d), Annex IV): the return from a country not listed in Annex II of 577/2013', () => {
  it('without an antibody test: todo before departure, with the sampling window', () => {
    expect(one('titer', { country: 'TR' })).toMatchObject({ status: 'todo', window_from: '2025-08-31', window_until: '2026-07-09' });
  });
  it('with a valid test (≥ 0.5 IU/ml, 30 days after a valid vaccination, before departure) it is ok', () => {
    expect(one('titer', { country: 'TR', titer_sampled_on: '2025-10-01', titer_result_iu_ml: 0.8 }).status).toBe('ok');
    expect(one('titer', { country: 'TR', titer_sampled_on: '2025-10-01', titer_result_iu_ml: 0.3 }).status).toBe('blocked');
    expect(one('titer', { country: 'TR', titer_sampled_on: '2025-08-10', titer_result_iu_ml: 0.9 }).status).toBe('blocked');
  });
  it('a listed third country asks no titre; a country the table does not know says "unknown" (todo, never ok)', () => {
    expect(check({ country: 'CA' }).checks.map((k) => k.code)).toEqual(['chip', 'rabies']);
    expect(one('titer', { country: 'TH' }).message).toContain('wissen wir nicht sicher');
  });
});

describe('chip and passport (576/2013 Art. 6)', () => {
  it('missing chip number and passport number are steps to do; everything in place is ready', () => {
    expect(check({}, valid, { chip_number: null, pet_passport_number: null }).checks.map((k) => k.status)).toEqual(['todo', 'ok', 'todo']);
    expect(check({})).toMatchObject({ ready: true, ready_from: null });
  });
});
