import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { diaryMediaUrlPrefix } from '#core/media/paths.js';
import { makeJpeg } from '../fakes/photos.js';
import { buildDiaryEntry, buildDiaryMedia, buildDog, buildUser, sessionCookie } from '../helpers/factories.js';
import { storedUnder } from '../helpers/media.js';
import { useTestApp } from '../helpers/test-app.js';
import { settlePoolBeforeTeardown, tally, useListeningServer } from './race-helpers.js';

const t = useTestApp();
const http = useListeningServer(t);
settlePoolBeforeTeardown(t);

describe('race: 30 uploads of 5 photos at once to an entry with 90', () => {
  it('ends at exactly 100 photos; the refused uploads are refused whole and leave no file in the store', async () => {
    const user = await buildUser(t.ctx, { is_premium: 1, subscription_tier: 'pro' }); // Pro's 100 (Free has 10)
    const dog = await buildDog(t.ctx, { user });
    const entry = await buildDiaryEntry(t.ctx, { dog });
    // The 90 photos already there are rows only (no files), so every stored file belongs to an accepted upload.
    for (let i = 0; i < 90; i++) await buildDiaryMedia(t.ctx, { entry });
    const cookie = sessionCookie(t.ctx, user);
    const jpeg = await makeJpeg({ width: 16, height: 12 });

    const results = await Promise.all(
      Array.from({ length: 30 }, () => {
        let r = request(http.server).post(`/api/diary/${entry.id}/media`).set('Cookie', cookie);
        for (let f = 0; f < 5; f++) r = r.attach('files', jpeg, `${f}.jpg`);
        return r;
      }),
    );
    expect(tally(results.map((r) => r.status))).toEqual(
      new Map([
        [201, 2],
        [422, 28],
      ]),
    );
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.error.code).toBe('too_many_photos');

    const rows = await t.ctx.db.selectFrom('diary_media').select(['url', 'preview_url']).where('entry_id', '=', entry.id).execute();
    expect(rows).toHaveLength(100);
    const prefix = diaryMediaUrlPrefix(user.id, dog.id);
    const accepted = results
      .filter((r) => r.status === 201)
      .flatMap((r) => (r.body.items as { url: string; preview_url: string }[]).flatMap((m) => [m.url, m.preview_url]));
    expect(accepted).toHaveLength(20);
    expect((await storedUnder(t.ctx, prefix)).sort()).toEqual(accepted.map((url) => url.slice(prefix.length)).sort());
  });
});
