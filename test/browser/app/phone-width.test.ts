import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LISTING_PAGES, routes } from '../../../src/client/routes.js';
import { agentAs, buildDiaryEntry, buildDog, buildInvoice, buildUpgradeRequest, buildUser } from '../../helpers/factories.js';
import { useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';

/**
 * Nothing is wider than the phone: every route of src/client/routes.ts, filled with the data that breaks layouts
 * (long names, long numbers, long links, long words), at 360 and 390 px. A screen fails when the page scrolls
 * sideways (document.documentElement.scrollWidth above the viewport); the message names the widest elements.
 */
const h = useAppHarness();

const LONG_NAME = 'Maximiliane von der Sonnenblumenwiese am Großen Wannsee';
const LONG_WORD = 'Hundehaftpflichtversicherungsbeitragsrückerstattungsantrag';
const LONG_LINK = 'https://www.example.org/ratgeber/hundegesundheit/impfungen/tollwut-und-staupe-auffrischen-wann-und-wie-oft?quelle=pfotenbuch';
const LONG_NUMBER = 'CH-2026-0001234567890123456789';
const AT = { lat: 52.5219, lon: 13.4132 };
const WIDTHS = [360, 390] as const;

/** A write that must work; its German error in the message when it does not (the seed is long). */
async function post(agent: ReturnType<typeof agentAs>, path: string, body: object): Promise<{ id: number } & Record<string, unknown>> {
  const res = await agent.post(path).send(body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every kind of record a screen can show, as long as the limits allow. Returns the ids the routes need. */
async function seed() {
  const me = await buildUser(h.ctx, { name: LONG_NAME, rolle: 'admin', subscription_tier: 'breeder', ...AT });
  const friend = await buildUser(h.ctx, { name: `${LONG_NAME} Zwei` });
  const a = agentAs(h.test, me);
  const dog = await buildDog(h.ctx, { user: me, name: LONG_NAME.slice(0, 50), sex: 'female' });
  const day = berlinDay; // the app's day, not UTC's
  const entry = await buildDiaryEntry(h.ctx, { dog, date: day(-1), title: `${LONG_WORD} ${LONG_NAME}`, text: `${LONG_LINK} ${LONG_WORD}` });
  await post(a, `/api/dogs/${dog.id}/vaccinations`, {
    vaccine: LONG_WORD.slice(0, 60),
    date: day(-400),
    next_due: day(-20),
    batch_number: LONG_NUMBER,
    vet_name: LONG_NAME,
  });
  await post(a, `/api/dogs/${dog.id}/vet-visits`, { date: day(-3), reason: LONG_WORD, diagnosis: `${LONG_WORD} ${LONG_LINK}`, cost_cents: 99_999_999 });
  await post(a, `/api/dogs/${dog.id}/weights`, { date: day(-2), weight_kg: 42.5 });
  await post(a, `/api/dogs/${dog.id}/allergies`, { allergen: LONG_WORD.slice(0, 60), severity: 'moderate' });
  await post(a, `/api/dogs/${dog.id}/expenses`, { date: day(-2), amount_cents: 99_999_999, category: 'tierarzt', description: LONG_WORD });
  await post(a, `/api/dogs/${dog.id}/care-routines`, { kind: 'claws', intervall_tage: 14 });
  await post(a, `/api/dogs/${dog.id}/training-sessions`, { date: day(-1), skill: LONG_WORD.slice(0, 60), duration_min: 15 });
  await post(a, `/api/dogs/${dog.id}/heat-cycles`, { start_date: day(-100) });
  await post(a, `/api/dogs/${dog.id}/emergency-card`, {});
  await post(a, `/api/dogs/${dog.id}/members`, { email: friend.email });
  const litter = await post(a, '/api/litters', { mother_dog_id: dog.id, father_name: LONG_NAME, mating_date: day(-80), birth_date: day(-17) });
  await post(a, `/api/litters/${litter.id}/puppies`, { collar_color: 'rot', sex: 'male' });
  // Friends and a chat with a long link.
  const request = await post(a, '/api/friends/requests', { user_id: friend.id });
  await post(agentAs(h.test, friend), `/api/friends/requests/${request.id}/accept`, {});
  await post(a, `/api/conversations/${friend.id}/messages`, { text: `${LONG_LINK} ${LONG_WORD}` });
  const thread = await post(a, '/api/forum/threads', { category: 'allgemeines', title: `${LONG_WORD} ${LONG_WORD}`.slice(0, 200), body: LONG_LINK });
  // The map kinds, each with long text.
  const poison = await post(a, '/api/poison-warnings', { ...AT, kind: 'poison', description: `${LONG_WORD} ${LONG_LINK}` });
  const lost = await post(a, '/api/lost-dogs', {
    ...AT,
    name: LONG_NAME.slice(0, 50),
    description: LONG_WORD,
    last_seen_at: new Date().toISOString(),
    contact: `${LONG_NUMBER} ${LONG_WORD}`.slice(0, 200),
  });
  const listing: Record<string, number> = {};
  const made = async (slug: string, path: string, body: object) => (listing[slug] = (await post(a, `/api/${path}`, { ...AT, ...body })).id);
  await made('treffen', 'playdates', { title: LONG_WORD, starts_at: `${day(5)}T10:00:00Z`, place_name: LONG_NAME });
  await made('veranstaltungen', 'events', {
    title: LONG_WORD,
    starts_at: `${day(6)}T10:00:00Z`,
    ends_at: `${day(6)}T12:00:00Z`,
    place_name: LONG_NAME,
    description: LONG_LINK,
  });
  await made('gassizeiten', 'walk-slots', { weekday: 0, start_time: '08:00', end_time: '09:00', place_name: LONG_NAME });
  await made('vermittlung', 'adoptions', {
    title: LONG_WORD,
    description: `${LONG_LINK} ${LONG_WORD}`,
    breed: LONG_WORD,
    birth_date: day(-400),
    sex: 'male',
    contact: LONG_NUMBER,
  });
  await made('betreuung', 'sitting', { type: 'offer', description: LONG_WORD, available_from: day(1), available_until: day(9), price_note: LONG_WORD });
  await made('dienstleister', 'services', { name: LONG_NAME, category: 'tierarzt', url: LONG_LINK, phone: LONG_NUMBER.slice(0, 30), opening_hours: LONG_WORD });
  // Administration.
  for (let i = 0; i < 3; i++) await buildInvoice(h.ctx, { user: me, billing_name: LONG_NAME, total_cents: 99_999_999 });
  await buildUpgradeRequest(h.ctx, { user: friend });
  return { me, dog, entry, litter, friend, thread, poison, lost, listing };
}

/** The route with its parameters filled from the seeded records. */
function concrete(pattern: string, ids: Awaited<ReturnType<typeof seed>>): string {
  const listingSlug = LISTING_PAGES.find(([slug]) => pattern.startsWith(`/app/${slug}/`))?.[0];
  const id = listingSlug
    ? ids.listing[listingSlug]
    : pattern.startsWith('/app/zucht')
      ? ids.litter.id
      : pattern.startsWith('/app/giftkoeder')
        ? ids.poison.id
        : pattern.startsWith('/app/vermisst')
          ? ids.lost.id
          : ids.thread.id;
  return pattern
    .replace(':dogId', String(ids.dog.id))
    .replace(':entryId', String(ids.entry.id))
    .replace(':userId', String(ids.friend.id))
    .replace(':slug', 'allgemeines')
    .replace(':id', String(id));
}

/** The page's width beyond the viewport, with the elements that reach furthest right. */
async function overflow(page: Page): Promise<{ scrollWidth: number; viewport: number; widest: string[] }> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const widest = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => !el.closest('.leaflet-container') && (!el.closest('.table-wrap') || getComputedStyle(el).position !== 'static')) // clipped by their scrolling container
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > viewport + 1)
      .sort((x, y) => y.right - x.right)
      .slice(0, 4)
      .map(
        ({ el, right }) =>
          `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} (${Math.round(right)} px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, viewport, widest };
  });
}

/**
 * Requests the page has open. Playwright's 'networkidle' waits for 500 ms without any, and the polls of a logged-in
 * screen often kept it from ever settling before its cap: 1.5 s a route, most of this file's time.
 */
function openRequests(page: Page): () => number {
  let open = 0;
  page.on('request', () => void open++);
  page.on('requestfinished', () => void open--);
  page.on('requestfailed', () => void open--);
  return () => open;
}

/** The screen is drawn with its data: a heading or state, no spinner, and no request open over two frames. */
async function settle(page: Page, open: () => number): Promise<void> {
  await page.locator('main h1, main .state').first().waitFor({ timeout: 10_000 });
  const deadline = Date.now() + 3_000;
  let quietFrames = 0;
  while (quietFrames < 2 && Date.now() < deadline) {
    const spinner = await page.locator('.state-loading').count();
    quietFrames = open() === 0 && spinner === 0 ? quietFrames + 1 : 0;
    await nextFrame(page);
  }
}

/** One animation frame of the page: layout at a new width is done when it has run. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

describe('phone width', () => {
  it('no screen is wider than a phone of 360 or 390 px, with long names, numbers, links and words', async () => {
    const ids = await seed();
    const failures: string[] = [];
    const check = async (page: Page, path: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await nextFrame(page); // one layout pass at the new width
        const o = await overflow(page);
        if (o.scrollWidth > o.viewport) failures.push(`${path} at ${width} px: ${o.scrollWidth} px wide; ${o.widest.join(', ')}`);
      }
    };

    // Guest screens first, logged out.
    const guest = await h.page();
    const guestRequests = openRequests(guest);
    for (const route of routes.filter((r) => r.access === 'guest' || r.access === 'any')) {
      await guest.goto(h.url(route.pattern));
      await settle(guest, guestRequests);
      await check(guest, route.pattern);
    }
    await guest.close();

    await h.login(ids.me);
    const page = await h.page();
    const requests = openRequests(page);
    for (const route of routes.filter((r) => r.access === 'user' || r.access === 'staff')) {
      const path = concrete(route.pattern, ids);
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(h.url(path));
      await settle(page, requests);
      await check(page, path);
    }
    await page.close();
    expect(failures).toEqual([]);
  });
});
