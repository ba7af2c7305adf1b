import { describe, expect, it } from 'vitest';
import { LISTING_PAGES, routes } from '../../../../routes.js';
import { KINDS } from '../kinds.js';
import { LISTINGS, toBody } from './specs.js';

describe('listing specs', () => {
  it('every listing kind has its form and card in the route table, and the nearby list links to the card', () => {
    expect(LISTING_PAGES.map(([slug]) => slug).sort()).toEqual(LISTINGS.map((l) => l.slug).sort());
    for (const l of LISTINGS) {
      expect(routes.some((r) => r.pattern === `/app/${l.slug}/neu`)).toBe(true);
      expect(routes.some((r) => r.pattern === `/app/${l.slug}/:id`)).toBe(true);
      const kind = KINDS.find((k) => k.path === l.path);
      expect(kind?.href(7)).toBe(`/app/${l.slug}/7`);
    }
  });

  it('sends numbers as numbers, local times as ISO instants, and leaves empty optional fields out', () => {
    const playdate = LISTINGS.find((l) => l.path === 'playdates')!;
    const body = toBody(playdate, { title: ' Welpentreff ', starts_at: '2099-05-01T10:00', place_name: '', max_dogs: '6', description: '' });
    expect(body).toEqual({ title: 'Welpentreff', starts_at: new Date('2099-05-01T10:00').toISOString(), max_dogs: 6 });
    const slot = LISTINGS.find((l) => l.path === 'walk-slots')!;
    expect(toBody(slot, { weekday: '0', start_time: '07:00', end_time: '08:00', place_name: '' })).toEqual({
      weekday: 0,
      start_time: '07:00',
      end_time: '08:00',
    });
  });
});
