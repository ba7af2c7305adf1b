import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import { CHROMIUM_BASE_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { createApp } from '../../src/app.js';
import { SESSION_COOKIE } from '#core/auth/session.js';
import type { SessionUser } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { createOpenApiRegistry } from '#core/http/route/openapi.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app.js';
import { reportFailure } from './failure-report.js';

/**
 * Browser tests against the real app: createApp on 127.0.0.1:<random port> with its own temporary database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL), and Debian's Chromium driven by playwright-core with a fresh
 * profile. Nothing is downloaded and the browser cannot resolve any host but 127.0.0.1 (no internet in tests).
 *
 *   const h = useBrowserHarness();
 *   it('…', async () => { const page = await h.newPage(); await page.goto(h.url('/app')); … });
 */

export { CHROMIUM_PATH };
export const ARTIFACTS_DIR = join(PROJECT_ROOT, 'test-artifacts');

/** test-artifacts/<name>.png, the folder made if need be: every screenshot of the harness goes there. */
export function artifactPng(name: string): string {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  return join(ARTIFACTS_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
}

export const CHROMIUM_FLAGS = [
  ...CHROMIUM_BASE_FLAGS,
  // Every host name but 127.0.0.1 fails to resolve, so no page, worker or prefetch can reach the internet.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  // German UI language: date inputs show TT.MM.JJJJ as a German user sees them.
  '--lang=de-DE',
];

/**
 * The calendar day `offset` days from now in Europe/Berlin ("YYYY-MM-DD"), the app's day: the screens count "today"
 * and "yesterday" there, so a UTC date is one day off between midnight in Berlin and midnight UTC.
 */
export function berlinDay(offset = 0): string {
  // Calendar days from Berlin's today, not offset × 24 h from now: late in a winter evening, 200 × 24 h back lands
  // after midnight in summer time, one day off (a heat interval of 179 days instead of 180 after 22:00 UTC).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

export interface HarnessOptions extends TestAppOptions {
  /** Phone-sized by default would surprise desktop tests; pass { width: 390, height: 844 } for phone screens. */
  viewport?: { width: number; height: number };
  /** 'localhost' for WebAuthn, whose relying party id must be a domain, not an IP address (passkeys.test.ts). */
  hostname?: 'localhost';
}

export interface BrowserHarness {
  /** The app's context (db, config, clock …) for factories and direct checks. */
  ctx: AppContext;
  test: TestApp;
  baseUrl: string;
  url(path: string): string;
  context: BrowserContext;
  newPage(): Promise<Page>;
  /** Logs `user` in for the whole browser context (the session cookie, signed like a real login). */
  login(user: Pick<SessionUser, 'id' | 'token_version'>): Promise<void>;
  logout(): Promise<void>;
  /** Saves a full-page PNG to test-artifacts/<name>.png and returns its path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Every request the server received ("GET /path?query"), oldest first; clear it with `requests.length = 0`. */
  requests: string[];
  /** Console errors and uncaught page errors of every page opened through newPage(). */
  pageErrors: string[];
  /**
   * Content-Security-Policy violations the browser logged on any page of the harness's contexts. close() fails
   * the file when one is left: every screen a test visits must work under the policy. A test that
   * provokes one on purpose empties the list.
   */
  cspViolations: string[];
  /**
   * A second browser (own profile, own cookies) logged in as `user`, for tests with two people at once (a chat).
   * Closed with the harness.
   */
  otherBrowser(user: Pick<SessionUser, 'id' | 'token_version'>): Promise<BrowserContext>;
  /**
   * Closes the browser and starts a new one with an empty profile (no worker, caches, storage or cookies), on the
   * same app. For files whose tests each need a browser no earlier test has touched: a service worker wedged by one
   * test (Chromium can hang every later navigation of its profile) then cannot fail the next test or its retry.
   */
  freshContext(): Promise<void>;
  /** Serves a new app on the same port and database with another build number (a deploy, for update tests). */
  deploy(build: string): void;
  close(): Promise<void>;
}

export async function startBrowserHarness(options: HarnessOptions = {}): Promise<BrowserHarness> {
  // Listen first: the port is part of PUBLIC_URL, which the app needs at creation.
  let current: Express | undefined;
  const requests: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method ?? 'GET'} ${req.url ?? '/'}`);
    if (!current) {
      res.writeHead(503).end();
      return;
    }
    current(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://${options.hostname ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  const test = await createTestApp({ ...options, env: { PUBLIC_URL: baseUrl, ...options.env } });
  current = test.app;

  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  const watchCsp = (c: BrowserContext) =>
    c.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) cspViolations.push(`${msg.page()?.url() ?? '(worker)'}: ${msg.text()}`);
    });
  /** A browser with its own fresh profile; none of its pages or workers can reach a host but 127.0.0.1. */
  async function launch(): Promise<{ context: BrowserContext; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-chromium-'));
    const launched = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_FLAGS,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: 'de-DE',
      timezoneId: 'Europe/Berlin',
      serviceWorkers: 'allow',
    });
    // A second line of defence next to the resolver rule: requests to other hosts are aborted.
    await launched.route(
      (url) => url.hostname !== '127.0.0.1' && url.hostname !== options.hostname,
      (route) => route.abort('blockedbyclient'),
    );
    watchCsp(launched);
    return { context: launched, dir };
  }
  /** The session cookie of `user`, signed like a real login's, raised as a step-up leaves it (factories.ts sessionCookie). */
  const sessionCookie = (user: Pick<SessionUser, 'id' | 'token_version'>) => ({
    name: SESSION_COOKIE,
    value: test.ctx.sessions.createToken(user, { sf: test.ctx.sessions.nowSeconds() }).token,
    url: baseUrl,
    httpOnly: true,
    sameSite: 'Lax' as const,
  });
  let main = await launch();
  const others: { context: BrowserContext; dir: string }[] = [];

  const harness: BrowserHarness = {
    ctx: test.ctx,
    test,
    baseUrl,
    url: (path) => baseUrl + path,
    get context() {
      return main.context;
    },
    requests,
    pageErrors,
    cspViolations,
    async newPage() {
      const page = await main.context.newPage();
      page.on('console', (msg) => {
        if (msg.type() === 'error') pageErrors.push(`${page.url()}: ${msg.text()}`);
      });
      page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.message}`));
      return page;
    },
    async login(user) {
      await main.context.addCookies([sessionCookie(user)]);
    },
    async otherBrowser(user) {
      const other = await launch();
      await other.context.addCookies([sessionCookie(user)]);
      others.push(other);
      return other.context;
    },
    async freshContext() {
      await main.context.close().catch(() => undefined);
      rmSync(main.dir, { recursive: true, force: true });
      main = await launch();
    },
    async logout() {
      await main.context.clearCookies({ name: SESSION_COOKIE });
    },
    async screenshot(page, name) {
      const file = artifactPng(name);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    deploy(build) {
      // A fresh route registry: the OpenAPI document of the new app must not list every path twice.
      current = createApp({ ...test.ctx, config: Object.freeze({ ...test.ctx.config, build }), openapi: createOpenApiRegistry() });
    },
    async close() {
      for (const o of others) {
        await o.context.close().catch(() => undefined);
        rmSync(o.dir, { recursive: true, force: true });
      }
      await main.context.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
      rmSync(main.dir, { recursive: true, force: true });
      if (cspViolations.length) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
  return harness;
}

/** One harness (app + browser) per test file, like useTestApp. */
export function useBrowserHarness(options: HarnessOptions = {}): BrowserHarness {
  const holder: { current?: BrowserHarness } = {};
  beforeAll(async () => {
    holder.current = await startBrowserHarness(options);
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  beforeEach(() => {
    onTestFailed(async ({ task }) => {
      const h = holder.current;
      if (h) await reportFailure(task.name, { context: h.context, requests: h.requests, pageErrors: h.pageErrors, pngFor: artifactPng });
    });
  });
  return new Proxy({} as BrowserHarness, {
    get(_target, prop: keyof BrowserHarness) {
      if (!holder.current) throw new Error('useBrowserHarness: not ready (use it inside a test)');
      return holder.current[prop];
    },
  });
}
