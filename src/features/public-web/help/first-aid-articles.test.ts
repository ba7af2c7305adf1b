import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { FIRST_AID_ARTICLES, type FirstAidArticle } from './first-aid-articles.js';
import { STARTER_ARTICLES } from './starter-articles.js';
import { loadStarterHelp } from './starter-help.loader.js';

/**
 * The "Erste Hilfe" articles (issue 52): each names a vet's published guidance and the day it was read, in the
 * article's own text, so a reader sees where the advice comes from. `unsourced` is the check; the second test shows
 * it catches an article without a source.
 */
function unsourced(articles: Pick<FirstAidArticle, 'key' | 'body' | 'sources' | 'as_of'>[]): string[] {
  return articles
    .filter(
      (a) =>
        !a.sources?.length ||
        a.sources.some((s) => !/^https:\/\/\S+$/.test(s.url) || !s.name.trim() || !a.body.includes(s.url)) ||
        !/^\d{4}-\d{2}-\d{2}$/.test(a.as_of ?? '') ||
        !a.body.includes(`Stand ${a.as_of.split('-').reverse().join('.')}`),
    )
    .map((a) => a.key);
}

const t = useTestApp();

describe('the first-aid help articles', () => {
  it('each cite a source with its date in the text, with unique keys, in the category Erste Hilfe', () => {
    expect(FIRST_AID_ARTICLES.length).toBeGreaterThanOrEqual(5);
    expect(unsourced(FIRST_AID_ARTICLES)).toEqual([]);
    expect(new Set(STARTER_ARTICLES.map((a) => a.key)).size).toBe(STARTER_ARTICLES.length);
    for (const a of FIRST_AID_ARTICLES) {
      expect(a.category).toBe('erste-hilfe');
      expect(a.body.length).toBeLessThanOrEqual(10_000);
      expect(a.body).toContain('Tierarzt');
    }
    const topics = FIRST_AID_ARTICLES.map((a) => a.key).join(' ');
    for (const topic of ['hitzschlag', 'rattengift', 'blaualgen']) expect(topics).toContain(topic);
  });

  it('the check fails for an article without a source, a date, or with the source only in the data', () => {
    const base = FIRST_AID_ARTICLES[0]!;
    expect(unsourced([{ ...base, key: 'ohne', sources: [] }])).toEqual(['ohne']);
    expect(unsourced([{ ...base, key: 'undatiert', as_of: '' }])).toEqual(['undatiert']);
    expect(unsourced([{ ...base, key: 'versteckt', body: 'Kühl ihn. Ruf den Tierarzt an.' }])).toEqual(['versteckt']);
  });

  it('are loaded at start and shown on /help under Erste Hilfe with their sources', async () => {
    await loadStarterHelp(t.ctx);
    const html = (await request(t.app).get('/help').expect(200)).text;
    expect(html).toContain('Erste Hilfe');
    expect(html).toContain('Hitzschlag: erst kühlen, dann zum Tierarzt');
    expect(html).toContain('https://doi.org/10.3390/vetsci10070465');
  });
});
