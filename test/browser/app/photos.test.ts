import sharp from 'sharp';
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../fakes/photos.js';
import { phonePhoto } from '../../fakes/phone-photo.mjs';
import { buildDog, buildUser } from '../../helpers/factories.js';
import { storedBytes } from '../../helpers/media.js';
import { checkScreen, useAppHarness } from './app-harness.js';

/**
 * Photos the way phone apps handle them (issue 54), at phone width, on a real 12 MP JPEG with GPS: shrunk in the
 * browser before upload with its position kept, progress and cancel on a slow line, "Originalgröße" sending the
 * original, and photos shared in from the gallery (the share target) opening a new entry.
 */
const h = useAppHarness();
const BRANDENBURGER_TOR = { lat: 52.5163, lon: 13.3777, takenAt: '2026:05:01 10:15:00' };
let photo: Buffer;
beforeAll(async () => {
  photo = await phonePhoto(BRANDENBURGER_TOR);
});

const isUpload = (req: Request) => req.method() === 'POST' && /\/api\/diary\/\d+\/media$/.test(new URL(req.url()).pathname);

async function ownerWithDog(page: Page) {
  const user = await buildUser(h.ctx, { name: 'Pia Photo' });
  const dog = await buildDog(h.ctx, { user, name: 'Luna' });
  await h.login(user);
  await page.goto(h.url(`/app/tagebuch/neu?hund=${dog.id}`));
  await page.getByRole('heading', { name: 'Neuer Eintrag' }).waitFor();
  return { user, dog };
}

const mediaOf = (entryId: number) =>
  h.ctx.db.selectFrom('diary_media').select(['url', 'width', 'height', 'lat', 'lon', 'taken_at']).where('entry_id', '=', entryId).execute();

describe('photos from the phone', () => {
  it('shrinks a 12 MP photo to 2560 px before upload, keeps its position, and sends the original when told', async () => {
    const page = await h.page();
    await ownerWithDog(page);
    const bodies: number[] = [];
    page.on('request', (req) => {
      if (isUpload(req)) bodies.push(req.postDataBuffer()?.length ?? 0);
    });
    await page.getByLabel('Überschrift (optional)').fill('Am Tor');
    await page.getByLabel('Was habt ihr erlebt?').fill('Luna hat alle Tauben begrüßt.');
    await page.locator('#entry-photos').setInputFiles({ name: 'tor.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Eintrag speichern' }).click();
    await page.waitForURL(/\/app\/tagebuch\/eintrag\/\d+$/);
    const entryId = Number(page.url().split('/').pop());

    expect(photo.length).toBeGreaterThan(3_000_000);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toBeLessThan(1_500_000);
    const [stored] = await mediaOf(entryId);
    expect([stored?.width, stored?.height]).toEqual([2560, 1920]);
    expect((await sharp((await storedBytes(h.ctx, stored?.url ?? '')) as Buffer).metadata()).exif).toBeUndefined();
    expect([Math.round((stored?.lat ?? 0) * 1000), Math.round((stored?.lon ?? 0) * 1000)]).toEqual([52516, 13378]);
    expect(stored?.taken_at).toBe('2026-05-01T08:15:00.000Z');
    await checkScreen(page, 'eintrag-foto-verkleinert', 'Am Tor');

    // "Originalgröße hochladen" (this device's setting) sends the file as it is.
    await page.goto(h.url('/app/profil'));
    await page.getByLabel('Originalgröße hochladen').check();
    await page.goto(h.url('/app/tagebuch/neu'));
    await page.getByLabel('Was habt ihr erlebt?').fill('Im Original.');
    await page.locator('#entry-photos').setInputFiles({ name: 'original.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Eintrag speichern' }).click();
    await page.waitForURL(/\/app\/tagebuch\/eintrag\/\d+$/);
    expect(bodies[1]).toBeGreaterThan(photo.length);
    const [original] = await mediaOf(Number(page.url().split('/').pop()));
    expect([original?.width, original?.height]).toEqual([4000, 3000]);
    // The setting belongs to this browser (the next tests share it): back to the default.
    await page.goto(h.url('/app/profil'));
    await page.getByLabel('Originalgröße hochladen').uncheck();
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('shows each upload’s progress on a slow line, and cancel stops the request', async () => {
    const page = await h.page();
    const { dog } = await ownerWithDog(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // 40 KB/s up: the shrunk photo takes many seconds, long enough to see the bar move and cancel it.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 1_000_000, uploadThroughput: 40_000 });
    await page.getByLabel('Was habt ihr erlebt?').fill('Langsam.');
    await page.locator('#entry-photos').setInputFiles([
      { name: 'langsam.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'klein.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 300, height: 200 }) },
    ]);
    await page.getByRole('button', { name: 'Eintrag speichern' }).click();
    const bar = page.getByRole('progressbar', { name: 'langsam.jpg wird hochgeladen' });
    await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
    await checkScreen(page, 'fotos-hochladen', 'Neuer Eintrag');
    const aborted: string[] = [];
    page.on('requestfailed', (req) => {
      if (isUpload(req)) aborted.push(req.failure()?.errorText ?? '');
    });
    await page.getByRole('button', { name: 'Hochladen von „langsam.jpg“ abbrechen' }).click();
    // The small one went up beside it; the cancelled one's request ended, nothing of it is stored, the entry is done.
    await page.waitForURL(/\/app\/tagebuch\/eintrag\/\d+$/);
    expect(aborted).toEqual(['net::ERR_ABORTED']);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const entry = await h.ctx.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).executeTakeFirstOrThrow();
    expect((await mediaOf(entry.id)).map((m) => m.width)).toEqual([300]);
    await page.close();
  });

  it('without a connection the offline queue keeps the shrunk photo with its position, and sends it later', async () => {
    const page = await h.page();
    const { dog } = await ownerWithDog(page);
    // Picked while online (the shrinking starts at once), saved without a connection.
    await page.locator('#entry-photos').setInputFiles({ name: 'funkloch.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByLabel('Was habt ihr erlebt?').fill('Kein Netz am Tor.');
    await h.context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Eintrag speichern' }).click();
      await page.getByText('Ohne Verbindung gespeichert. Der Eintrag wartet hier').waitFor();
      const queued = await page.evaluate(
        () =>
          new Promise<{ size: number; fields: Record<string, string> }[]>((resolve, reject) => {
            const open = indexedDB.open('pfotenbuch-offline');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const all = open.result.transaction('writes').objectStore('writes').getAll();
              all.onsuccess = () =>
                resolve(
                  (all.result as { photos: { blob: Blob; fields?: Record<string, string> }[] }[]).flatMap((w) =>
                    w.photos.map((p) => ({ size: p.blob.size, fields: p.fields ?? {} })),
                  ),
                );
            };
          }),
      );
      expect(queued).toHaveLength(1);
      expect(queued[0]?.size).toBeLessThan(1_500_000);
      expect(queued[0]?.fields).toMatchObject({ lat: expect.stringMatching(/^52\.516/), taken_at: '2026-05-01T10:15:00+02:00' });
    } finally {
      await h.context.setOffline(false);
      h.pageErrors.length = 0; // the console errors of the requests that found no connection
    }
    // The connection returns: the queue sends the entry, then the photo with its fields.
    const stored = async () => {
      const entry = await h.ctx.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).executeTakeFirst();
      return entry ? mediaOf(entry.id) : [];
    };
    await expect.poll(async () => (await stored()).length, { timeout: 20_000 }).toBe(1);
    const [media] = await stored();
    expect([media?.width, media?.height, Math.round((media?.lat ?? 0) * 1000)]).toEqual([2560, 1920, 52516]);
    await page.close();
  });

  it('a share of two photos from the gallery opens a new entry with both', async () => {
    const page = await h.page();
    const { dog } = await ownerWithDog(page);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    const manifest = (await (await page.request.get(h.url('/manifest.webmanifest'))).json()) as {
      share_target: { action: string; params: { files: { name: string }[] } };
    };
    const { action, params } = manifest.share_target;
    // What the system's share sheet sends: a multipart POST navigation to the manifest's action.
    const images = [await makeJpeg({ width: 320, height: 240, color: '#a63' }), await makeJpeg({ width: 240, height: 320, color: '#36a' })];
    await page.evaluate(
      ({ action, field, images }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = action;
        form.enctype = 'multipart/form-data';
        const input = document.createElement('input');
        input.type = 'file';
        input.name = field;
        input.multiple = true;
        const files = new DataTransfer();
        images.forEach((b64, i) =>
          files.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], `geteilt-${i + 1}.jpg`, { type: 'image/jpeg' })),
        );
        input.files = files.files;
        form.append(input);
        document.body.append(form);
        form.submit();
      },
      { action, field: params.files[0]?.name ?? '', images: images.map((b) => b.toString('base64')) },
    );
    await page.waitForURL(/\/app\/teilen\?fotos=2$/);
    await page.getByText('2 Fotos für einen neuen Eintrag.', { exact: false }).waitFor();
    await page.getByText('2 Fotos ausgewählt').waitFor();
    await checkScreen(page, 'fotos-geteilt', 'Geteilte Fotos');
    await page.getByLabel('Was habt ihr erlebt?').fill('Aus der Galerie.');
    await page.getByRole('button', { name: 'Eintrag speichern' }).click();
    await page.waitForURL(/\/app\/tagebuch\/eintrag\/\d+$/);
    const entry = await h.ctx.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).executeTakeFirstOrThrow();
    expect((await mediaOf(entry.id)).map((m) => `${m.width}x${m.height}`).sort()).toEqual(['240x320', '320x240']);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
