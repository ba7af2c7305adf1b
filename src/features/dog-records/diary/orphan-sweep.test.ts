import { mkdirSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock, HOUR } from '../../../core/clock.js';
import { buildDiaryMedia } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';
import { sweepOrphanedDiaryFilesJob } from './orphan-sweep.js';

const clock = fixedClock('2026-11-24T04:20:00.000Z');
const t = useTestApp({ clock });

/** Writes a file at the media path of `url`, last changed `ageMs` before the clock's now. */
function fileAt(url: string, ageMs: number): string {
  const path = join(t.ctx.config.mediaDir, url.replace(/^\/media\//, ''));
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  const when = new Date(clock.now().getTime() - ageMs);
  utimesSync(path, when, when);
  return path;
}

describe('diary.sweep-orphaned-files', () => {
  it('removes diary files no row points at once they are a day old, and keeps everything else', async () => {
    const media = await buildDiaryMedia(t.ctx);
    const kept = fileAt(media.url, 48 * HOUR);
    const keptPreview = fileAt(media.preview_url, 48 * HOUR);
    const folder = media.url.slice(0, media.url.lastIndexOf('/') + 1);
    const orphan = fileAt(`${folder}verwaist.jpg`, 25 * HOUR);
    const orphanPreview = fileAt(`${folder}verwaist_preview.webp`, 25 * HOUR);
    const young = fileAt(`${folder}gerade-hochgeladen.jpg`, 2 * HOUR);
    // the dog photo folder is not the diary's business
    const dogPhoto = fileAt(folder.replace('/diary/', '/photo/') + 'foto.webp', 48 * HOUR);

    expect(await sweepOrphanedDiaryFilesJob.run({ ...t.ctx, clock })).toBe(2);
    expect([kept, keptPreview, young, dogPhoto].map(existsSync)).toEqual([true, true, true, true]);
    expect([orphan, orphanPreview].map(existsSync)).toEqual([false, false]);
    // nothing left to do the second time
    expect(await sweepOrphanedDiaryFilesJob.run({ ...t.ctx, clock })).toBe(0);
  });
});
