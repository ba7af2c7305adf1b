import { describe, expect, it } from 'vitest';
import { loggablePath } from '#platform/http/request-log.js';

/** Addresses that are their own password never reach the log whole. */
describe('loggablePath', () => {
  it('keeps only the prefix of a calendar feed and of an emergency card (and its photo), whatever the case', () => {
    expect(loggablePath('/kalender/abcDEF123_-xyz.ics')).toBe('/kalender/[geheim]');
    expect(loggablePath('/notfall/AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/notfall/[geheim]');
    expect(loggablePath('/notfall/AbCdEfGhIjKlMnOpQrStUvWx/foto')).toBe('/notfall/[geheim]');
    expect(loggablePath('/Notfall/AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/Notfall/[geheim]');
    expect(loggablePath('//notfall/AbCdEfGhIjKlMnOpQrStUvWx')).toBe('/notfall/[geheim]');
  });

  it('leaves every other path as it is', () => {
    expect(loggablePath('/api/dogs/12/vaccinations')).toBe('/api/dogs/12/vaccinations');
    expect(loggablePath('/app/hunde/3/notfallausweis')).toBe('/app/hunde/3/notfallausweis');
  });
});
