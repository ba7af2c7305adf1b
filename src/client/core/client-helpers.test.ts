import { describe, expect, it } from 'vitest';
import { parseTags } from '../areas/dog-records/diary/diary-api.js';
import { monthGrid } from '../areas/dog-records/diary/calendar.js';
import { breedSlugFor, parseWeight, toBody } from '../areas/dog-records/dogs/dog-form.js';
import { apiGet, ApiError, errorFromBody, urlOf, waitMessage, withQuery } from './api.js';
import { formatAge, formatDate, formatDateTime, formatDay, formatMoney, formatMonth, parseCents, shiftMonth, todayInBerlin } from './format.js';
import { matchPath } from './router.js';

describe('German formats', () => {
  it('writes dates as 21.11.2026, money as 12,50 € and timestamps in Berlin time', () => {
    expect(formatDate('2026-11-21')).toBe('21.11.2026');
    expect(formatMoney(1250)).toBe('12,50\u00a0€');
    expect(formatMoney(-399)).toBe('-3,99\u00a0€');
    // 23:30 UTC on 31 March is already 1 April in Berlin (summer time, UTC+2).
    expect(formatDateTime('2026-03-31T23:30:00Z')).toBe('01.04.2026, 01:30');
    expect(todayInBerlin(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // A timestamp's day is the Berlin day, not the UTC one.
    expect(formatDay('2026-11-20T23:30:00Z')).toBe('21.11.2026');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(formatAge('2024-11-22', '2026-11-21')).toBe('1 Jahr');
    expect(formatAge('2026-04-21', '2026-11-21')).toBe('7 Monate');
  });
});

describe('API error body → German messages', () => {
  it('keeps the server’s message and field messages', () => {
    const error = errorFromBody(422, {
      error: { code: 'too_long', message: 'Ein Feld ist zu lang.', fields: { name: 'Höchstens 80 Zeichen.', 'items.0.description': 'Bitte ausfüllen.' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'too_long',
      message: 'Ein Feld ist zu lang.',
      fields: { name: 'Höchstens 80 Zeichen.', 'items.0.description': 'Bitte ausfüllen.' },
    });
  });

  it('adds the waiting time of a 429 and falls back to German texts for bodies without a message', () => {
    expect(errorFromBody(429, { error: { code: 'rate_limited', message: 'Zu viele Versuche.' } }, '120').message).toBe(
      'Zu viele Versuche. Bitte warte 2 Minuten.',
    );
    // The lockout names its wait itself: said once, not „… noch mal. Bitte warte 15 Minuten.“
    const locked = 'Zu viele Fehlversuche. Bitte warte 15 Minuten und versuch es dann noch mal.';
    expect(errorFromBody(429, { error: { code: 'login_locked', message: locked } }, '900').message).toBe(locked);
    expect(waitMessage(30)).toBe('Bitte warte 30 Sekunden.');
    expect(waitMessage(89 * 60)).toBe('Bitte warte 89 Minuten.');
    // a daily limit (until midnight) and a weekly one: hours and days, not 840 or 8880 minutes
    expect(waitMessage(14 * 3600)).toBe('Das geht wieder in etwa 14 Stunden.');
    expect(waitMessage(8880 * 60)).toBe('Das geht wieder in 7 Tagen.');
    expect(errorFromBody(413, '<html>Request Entity Too Large</html>').message).toBe('Das ist zu groß (höchstens 20 MB auf einmal).');
    expect(errorFromBody(500, null).message).toBe('Da ist etwas schiefgelaufen. Bitte versuch es später noch mal.');
    // A proxy's 502 page means the server is not reachable: the offline path.
    expect(errorFromBody(502, null).isOffline).toBe(true);
  });

  it('builds query strings from the set values only', () => {
    expect(urlOf('/api/diary/calendar', { params: { query: { dog_id: 3, cursor: null, month: '2026-11', q: '' } } })).toBe(
      '/api/diary/calendar?dog_id=3&month=2026-11',
    );
    expect(urlOf('/api/dogs', { params: { query: {} } })).toBe('/api/dogs');
  });

  it('fills path parameters (encoded) and keys a described GET by its final URL', () => {
    expect(urlOf('/api/admin/jobs/{name}/run', { params: { path: { name: 'backup.snapshot' } } })).toBe('/api/admin/jobs/backup.snapshot/run');
    expect(urlOf('/api/partner/codes/{code}/info', { params: { path: { code: 'A B/1' } } })).toBe('/api/partner/codes/A%20B%2F1/info');
    const first = apiGet('/api/dogs/{dogId}/weights', { params: { path: { dogId: 7 }, query: { limit: 200 } } });
    expect(first.key).toBe('/api/dogs/7/weights?limit=200');
    expect(withQuery(first, { cursor: 'abc' }).key).toBe('/api/dogs/7/weights?limit=200&cursor=abc');
  });
});

describe('client helpers', () => {
  it('matches route patterns', () => {
    expect(matchPath('/app/hunde/:dogId', '/app/hunde/3')).toEqual({ dogId: '3' });
    expect(matchPath('/app/hunde/:dogId', '/app/hunde')).toBeNull();
    expect(matchPath('/app/tagebuch/eintrag/:entryId/bearbeiten', '/app/tagebuch/eintrag/9/bearbeiten')).toEqual({ entryId: '9' });
  });

  it('parses tags, weights and euro amounts the way Germans type them', () => {
    expect(parseTags(' Wald, Ausflug ,, Wald')).toEqual(['Wald', 'Ausflug']);
    expect(parseWeight('31,5')).toBe(31.5);
    expect(parseWeight(' ')).toBeNull();
    expect(parseCents('12,5')).toBe(1250);
    expect(parseCents('12.50 €')).toBe(1250);
    expect(parseCents('-3,99')).toBe(-399);
    expect(parseCents('12,345')).toBeNull();
    expect(parseCents('zwölf')).toBeNull();
  });

  it('sends cleared optional dog fields as null so an edit really clears them', () => {
    expect(
      toBody({
        name: ' Bello ',
        breed: '',
        birth_date: '',
        sex: '',
        neutered: '0',
        weight_kg: '',
        color: ' ',
        chip_number: '',
        chip_implanted_on: '',
        pet_passport_number: ' ',
        bio: '',
      }),
    ).toEqual({
      name: 'Bello',
      breed: null,
      breed_slug: null,
      birth_date: null,
      sex: null,
      neutered: 0,
      weight_kg: null,
      color: null,
      chip_number: null,
      chip_implanted_on: null,
      pet_passport_number: null,
      bio: null,
    });
  });

  it('links the typed breed to the wiki when it matches a suggestion, keeps an unchanged link, drops a changed one', () => {
    const hits = [{ slug: 'labrador-retriever', name: 'Labrador Retriever', name_de: 'Labrador Retriever', name_en: 'Labrador Retriever' }];
    expect(breedSlugFor(' labrador retriever ', hits)).toBe('labrador-retriever');
    expect(breedSlugFor('Labbi', hits)).toBeNull();
    expect(breedSlugFor('Mischling', [], { breed: 'Mischling', breed_slug: 'mixed' })).toBe('mixed');
    expect(breedSlugFor('Pudel', [], { breed: 'Mischling', breed_slug: 'mixed' })).toBeNull();
    expect(breedSlugFor('', hits)).toBeNull();
  });

  it('lays out a month Monday first', () => {
    // November 2026 starts on a Sunday: six empty cells, then the 1st; 30 days end on a Monday.
    const weeks = monthGrid('2026-11');
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.[0]).toBe('2026-11-30');
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});
