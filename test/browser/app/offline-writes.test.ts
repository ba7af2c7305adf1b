import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../fakes/photos.js';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { PHONE, SCREENS_DIR, expectAccessible, useAppHarness } from './app-harness.js';

/**
 * Offline writes (issue 30): diary entries with photos, weights, care ticks, training sessions and walks made
 * without a connection wait in IndexedDB and reach the server exactly once when it returns; a refused replay
 * keeps the write and says why; a walk being recorded survives a reload.
 */
const h = useAppHarness();

/** The app's service worker controls the page: from now on a reload works without a connection. */
async function openControlled(path: string): Promise<Page> {
  const page = await h.page();
  await page.goto(h.url(path));
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  return page;
}

/** Visits a screen and waits until its data is there (so its answer is in the offline copy). */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(h.url(path));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.state-loading'), undefined, { timeout: 10_000 });
}

const queueCount = (page: Page) => page.getByTestId('queue-count');
const posts = (path: string | RegExp) => h.requests.filter((r) => (typeof path === 'string' ? r === `POST ${path}` : path.test(r))).length;

/** The queue as the page keeps it in IndexedDB (JSON-only records: weights, training, walks). */
function readQueue(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('pfotenbuch-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('writes').objectStore('writes').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result as unknown[]);
          };
        };
      }),
  );
}

function writeQueue(page: Page, items: unknown[]): Promise<void> {
  return page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pfotenbuch-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('writes', 'readwrite');
          for (const record of records) tx.objectStore('writes').put(record);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
    items,
  );
}

async function addWeight(page: Page, date: string, kg: string): Promise<void> {
  // The form stays open after an add. Wait for the section first: before it is drawn neither is visible, and
  // asking only then whether the button shows would skip the click and wait for a form that never opens.
  const open = page.getByRole('button', { name: 'Gewicht: Hinzufügen' });
  const form = page.getByRole('form', { name: 'Gewicht: Hinzufügen' });
  await open.or(form).first().waitFor();
  if (!(await form.isVisible())) await open.click();
  await form.getByLabel('Datum').fill(date);
  await form.getByLabel('Gewicht in kg').fill(kg);
  await form.getByRole('button', { name: 'Hinzufügen' }).click();
}

describe('offline writes', () => {
  // The cookie is the browser's: a tab left from another test would act as the next user.
  beforeEach(async () => {
    for (const open of h.context.pages()) await open.close();
  });

  it('an entry with a photo, a weight and a care tick made offline survive a reload and arrive exactly once', async () => {
    const me = await buildUser(h.ctx, { name: 'Olga Offline' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Wuschel' });
    const tick = await agentAs(h.test, me).post(`/api/dogs/${dog.id}/care-routines`).send({ kind: 'tick_flea', intervall_tage: 30 }).expect(201);
    await h.login(me);
    const page = await openControlled('/app');
    // Online once: the screens' last answers go into the offline copy.
    await visit(page, `/app/hunde/${dog.id}`, 'Wuschel');
    await visit(page, `/app/hunde/${dog.id}/gesundheit`, 'Gesundheit: Wuschel');
    await visit(page, `/app/hunde/${dog.id}/pflege`, 'Pflege: Wuschel');
    await visit(page, `/app/tagebuch?hund=${dog.id}`, 'Tagebuch');
    await visit(page, `/app/tagebuch/neu?hund=${dog.id}`, 'Neuer Eintrag');

    await h.context.setOffline(true);
    try {
      // The diary entry with a photo: saved without a connection, shown in the list as waiting.
      await page.getByLabel('Überschrift (optional)').fill('Im Funkloch');
      await page.getByLabel('Was habt ihr erlebt?').fill('Tief im Wald, kein Netz, aber ein Reh gesehen.');
      await page.locator('#entry-photos').setInputFiles({ name: 'reh.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 400, height: 300 }) });
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByText('Ohne Verbindung gespeichert. Der Eintrag wartet hier').waitFor();
      const entry = page.getByTestId('pending-write').filter({ hasText: 'Tagebuch: Im Funkloch' });
      await entry.getByText('Wartet auf Verbindung').waitFor();
      await entry.locator('strong', { hasText: '(1 Foto)' }).waitFor();
      await page.screenshot({ path: `${SCREENS_DIR}/tagebuch-wartet-phone.png` });

      // A weight and a care tick, each in its screen (loaded from the service worker and the offline copy).
      await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
      await page
        .getByText(/^Offline: Stand vom/)
        .first()
        .waitFor();
      await addWeight(page, '2026-05-05', '12,5');
      await page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 12,5 kg am 05.05.2026' }).getByText('Wartet auf Verbindung').waitFor();
      await page.goto(h.url(`/app/hunde/${dog.id}/pflege`));
      await page.getByRole('button', { name: 'Zecken- und Flohschutz: heute erledigt' }).click();
      await page.getByTestId('pending-write').filter({ hasText: 'Pflege erledigt: Zecken- und Flohschutz' }).waitFor();
      await page.screenshot({ path: `${SCREENS_DIR}/pflege-wartet-phone.png`, fullPage: true });
      await expect.poll(() => queueCount(page).getAttribute('aria-label')).toBe('3 Einträge warten auf Verbindung');

      // A reload without a connection keeps all three; the dog's profile shows its last known data.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Pflege: Wuschel' }).waitFor();
      await page.getByTestId('pending-write').filter({ hasText: 'Zecken- und Flohschutz' }).getByText('Wartet auf Verbindung').waitFor();
      await expect.poll(() => queueCount(page).getAttribute('aria-label')).toBe('3 Einträge warten auf Verbindung');
      await page.goto(h.url(`/app/hunde/${dog.id}`));
      await page.getByRole('heading', { level: 1, name: 'Wuschel' }).waitFor();
      await page
        .getByText(/^Offline: Stand vom \d\d\.\d\d\.\d{4}, \d\d:\d\d\./)
        .first()
        .waitFor();

      // The queue in the header at phone width: every write, its state, "Jetzt senden" and "Verwerfen".
      await page.setViewportSize(PHONE);
      await queueCount(page).click();
      await page.getByRole('heading', { name: 'Noch nicht gesendet' }).waitFor();
      await page.screenshot({ path: `${SCREENS_DIR}/warteschlange-phone.png` });
      await expectAccessible(page, 'warteschlange');
      const overflow = await page.evaluate(() => document.querySelector('.queue-dialog')!.scrollWidth - document.querySelector('.queue-dialog')!.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      expect(await h.ctx.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
    } finally {
      await h.context.setOffline(false);
    }

    // The connection returns: the queue goes out by itself, one write after another.
    await expect.poll(() => queueCount(page).count(), { timeout: 15_000 }).toBe(0);
    const entries = await h.ctx.db.selectFrom('diary_entries').select(['id', 'title']).where('dog_id', '=', dog.id).execute();
    expect(entries.map((e) => e.title)).toEqual(['Im Funkloch']);
    const media = await h.ctx.db.selectFrom('diary_media').select('id').where('entry_id', '=', entries[0]!.id).execute();
    expect(media).toHaveLength(1);
    const weights = await h.ctx.db.selectFrom('weights').select(['date', 'weight_kg']).where('dog_id', '=', dog.id).execute();
    expect(weights).toEqual([{ date: '2026-05-05', weight_kg: 12.5 }]);
    const routine = await h.ctx.db.selectFrom('care_routines').select('last_done').where('id', '=', tick.body.id).executeTakeFirstOrThrow();
    expect(routine.last_done).not.toBeNull();
    expect(posts(`/api/dogs/${dog.id}/diary`)).toBe(1);
    expect(posts(`/api/diary/${entries[0]!.id}/media`)).toBe(1);
    expect(posts(`/api/dogs/${dog.id}/weights`)).toBe(1);
    expect(posts(`/api/care-routines/${tick.body.id}/done`)).toBe(1);
    // The screen shows the delivered tick from the server now.
    await page.goto(h.url(`/app/hunde/${dog.id}/pflege`));
    await page.locator('.due-later').first().waitFor();
    expect(h.pageErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    h.pageErrors.length = 0;
    await page.close();
  });

  it('replaying the same queue twice stores nothing twice (the Idempotency-Key)', async () => {
    const me = await buildUser(h.ctx, { name: 'Rita Replay' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Echo' });
    await h.login(me);
    const page = await openControlled('/app');
    await visit(page, `/app/hunde/${dog.id}/gesundheit`, 'Gesundheit: Echo');
    await h.context.setOffline(true);
    let queued: unknown[];
    try {
      await addWeight(page, '2026-06-01', '8,2');
      await page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 8,2 kg' }).waitFor();
      queued = (await readQueue(page)).filter((w) => (w as { userId: number }).userId === me.id);
      expect(queued).toHaveLength(1);
    } finally {
      await h.context.setOffline(false);
    }
    await expect.poll(() => queueCount(page).count(), { timeout: 15_000 }).toBe(0);
    // The same records once more, as if the first answer had been lost on the way back.
    await writeQueue(page, queued);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Gesundheit: Echo' }).waitFor();
    await expect.poll(() => posts(`/api/dogs/${dog.id}/weights`), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => readQueue(page).then((q) => q.length), { timeout: 15_000 }).toBe(0);
    const weights = await h.ctx.db.selectFrom('weights').select('weight_kg').where('dog_id', '=', dog.id).execute();
    expect(weights).toEqual([{ weight_kg: 8.2 }]);
    await page.close();
  });

  it('a replay the server refuses (the dog is no longer shared) keeps the weight and says why', async () => {
    const owner = await buildUser(h.ctx, { name: 'Otto Owner' });
    const sitter = await buildUser(h.ctx, { name: 'Sina Sitter' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Fips' });
    const now = h.ctx.clock.now().toISOString();
    await h.ctx.db
      .insertInto('dog_members')
      .values({ dog_id: dog.id, email: sitter.email, user_id: sitter.id, role: 'caregiver', invited_by: owner.id, accepted_at: now, created_at: now })
      .execute();
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    await h.login(sitter);
    const page = await openControlled('/app');
    await visit(page, `/app/hunde/${dog.id}/gesundheit`, 'Gesundheit: Fips');
    await h.context.setOffline(true);
    try {
      await addWeight(page, '2026-07-01', '9,9');
      await page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 9,9 kg' }).waitFor();
      await addWeight(page, '2026-07-02', '10,1');
      await page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 10,1 kg' }).waitFor();
      // Meanwhile the owner stops sharing the dog.
      await h.ctx.db.deleteFrom('dog_members').where('dog_id', '=', dog.id).execute();
    } finally {
      await h.context.setOffline(false);
    }
    const item = page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 9,9 kg' });
    await item.getByText('Nicht gesendet: Das ist nicht dein Hund.').waitFor({ timeout: 15_000 });
    await page.getByTestId('pending-write').filter({ hasText: 'Gewicht: 10,1 kg' }).getByText('Nicht gesendet: Das ist nicht dein Hund.').waitFor();
    expect(posts(`/api/dogs/${dog.id}/weights`)).toBe(2);
    // Kept across a reload, with its text to copy; nothing was stored. The health tab of a dog no longer shared
    // is closed now, so the header's queue is where it shows.
    await page.reload();
    await expect.poll(() => queueCount(page).getAttribute('aria-label')).toBe('2 Einträge nicht gesendet');
    await page.setViewportSize(PHONE);
    await queueCount(page).click();
    const dialog = page.getByRole('dialog', { name: 'Noch nicht gesendet' });
    const kept = dialog.getByTestId('pending-write').filter({ hasText: 'Gewicht: 9,9 kg' });
    await kept.getByText('Nicht gesendet: Das ist nicht dein Hund.').waitFor();
    await kept.getByRole('button', { name: 'Text kopieren' }).click();
    await kept.getByText('Kopiert.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Gewicht: 9,9 kg am 01.07.2026');
    await page.screenshot({ path: `${SCREENS_DIR}/warteschlange-fehlgeschlagen-phone.png` });
    await expectAccessible(page, 'warteschlange-fehlgeschlagen');
    expect(await h.ctx.db.selectFrom('weights').select('id').where('dog_id', '=', dog.id).execute()).toEqual([]);
    // Discarding asks first, then that write is gone.
    await dialog.getByTestId('pending-write').filter({ hasText: 'Gewicht: 10,1 kg' }).getByRole('button', { name: 'Verwerfen' }).click();
    await page.getByRole('dialog', { name: 'Wirklich verwerfen?' }).getByRole('button', { name: 'Verwerfen' }).click();
    await expect.poll(() => queueCount(page).getAttribute('aria-label')).toBe('1 Eintrag nicht gesendet');
    // Shared again: "Noch mal senden" delivers the kept one.
    const again = new Date().toISOString();
    await h.ctx.db
      .insertInto('dog_members')
      .values({ dog_id: dog.id, email: sitter.email, user_id: sitter.id, role: 'caregiver', invited_by: owner.id, accepted_at: again, created_at: again })
      .execute();
    await kept.getByRole('button', { name: 'Noch mal senden' }).click();
    await expect.poll(() => queueCount(page).count(), { timeout: 15_000 }).toBe(0);
    const weights = await h.ctx.db.selectFrom('weights').select(['date', 'weight_kg']).where('dog_id', '=', dog.id).execute();
    expect(weights).toEqual([{ date: '2026-07-01', weight_kg: 9.9 }]);
    await page.close();
  });

  it('with no app window open, Background Sync makes the service worker send the queue itself', async () => {
    const me = await buildUser(h.ctx, { name: 'Siggi Sync' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Bruno' });
    await h.login(me);
    const page = await openControlled('/app');
    await visit(page, `/app/hunde/${dog.id}/training`, 'Training: Bruno');
    let blank: Page | undefined;
    await h.context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Trainingseinheiten: Hinzufügen' }).click();
      const form = page.getByRole('form', { name: 'Trainingseinheiten: Hinzufügen' });
      await form.getByLabel('Datum').fill('2026-08-01');
      await form.getByLabel('Was habt ihr geübt?').fill('Rückruf');
      await form.getByLabel('Minuten').fill('10');
      await form.getByRole('button', { name: 'Hinzufügen' }).click();
      await page.getByTestId('pending-write').filter({ hasText: 'Training: Rückruf am 01.08.2026' }).getByText('Wartet auf Verbindung').waitFor();
      // A blank tab stays: Chromium ends session cookies (the test's login) when its last window closes.
      blank = await h.context.newPage();
      await page.close();
    } finally {
      await h.context.setOffline(false);
    }
    // The browser fires the sync event (here through DevTools); no app window is open to hand it to.
    const cdp = await h.context.newCDPSession(blank!);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const mine = event.registrations.find((r) => r.scopeURL.startsWith(h.baseUrl));
        if (mine) resolve(mine.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: h.baseUrl, registrationId: await registration, tag: 'pfotenbuch-writes', lastChance: false });
    await expect
      .poll(() => h.ctx.db.selectFrom('training_sessions').select(['skill', 'duration_min']).where('dog_id', '=', dog.id).execute(), { timeout: 15_000 })
      .toEqual([{ skill: 'Rückruf', duration_min: 10 }]);
    await cdp.detach();
    // The app opened afterwards finds nothing left to send.
    const again = await h.page();
    await blank!.close();
    await visit(again, `/app/hunde/${dog.id}/training`, 'Training: Bruno');
    expect(await again.getByTestId('pending-write').count()).toBe(0);
    expect(posts(`/api/dogs/${dog.id}/training-sessions`)).toBe(1);
    await again.close();
  });

  it('the walk recorder survives a reload mid-walk and keeps every point', async () => {
    const me = await buildUser(h.ctx, { name: 'Walter Weiter' });
    await buildDog(h.ctx, { user: me, name: 'Socke' });
    await h.context.grantPermissions(['geolocation'], { origin: h.baseUrl });
    await h.context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 10 });
    await h.login(me);
    const page = await openControlled('/app/spaziergaenge');
    await page.getByRole('heading', { name: 'Spaziergänge', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Spaziergang starten' }).click();
    const points = () => page.locator('[data-points]').getAttribute('data-points');
    await expect.poll(points).toBe('1');
    for (const [i, lat] of [52.521, 52.522].entries()) {
      await h.context.setGeolocation({ latitude: lat, longitude: 13.405, accuracy: 10 });
      await expect.poll(points).toBe(String(i + 2));
    }
    await page.reload();
    await page.getByText(/Dein Spaziergang von .* läuft weiter\./).waitFor();
    await expect.poll(points).toBe('3');
    await h.context.setGeolocation({ latitude: 52.523, longitude: 13.405, accuracy: 10 });
    await expect.poll(points).toBe('4');
    // Finished without a connection: it waits on the walks screen and goes out when the connection returns.
    await h.context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'Beenden und speichern' }).click();
      await page.getByText('Ohne Verbindung gespeichert. Wir senden es, sobald du wieder online bist.').waitFor();
      await page
        .getByTestId('pending-write')
        .filter({ hasText: /^Spaziergang / })
        .getByText('Wartet auf Verbindung')
        .waitFor();
    } finally {
      await h.context.setOffline(false);
    }
    await expect.poll(() => page.getByTestId('pending-write').count(), { timeout: 15_000 }).toBe(0);
    const walk = await h.ctx.db.selectFrom('walks').select('track_json').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(JSON.parse(walk.track_json!)).toEqual([
      [52.52, 13.405],
      [52.521, 13.405],
      [52.522, 13.405],
      [52.523, 13.405],
    ]);
    // Finished walks are not resumed.
    await page.reload();
    await page.getByRole('button', { name: 'Spaziergang starten' }).waitFor();
    await page.close();
  });
});
