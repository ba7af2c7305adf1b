// One Lighthouse run in a fresh headless Debian Chromium, as bench/lighthouse.mjs, bench/client-size.mjs and
// bench/public-web.mjs run it: the browser's flags (nothing in the background reaches the internet) and the report.
export const CHROMIUM = '/usr/bin/chromium';

/** Headless, no GPU, no QUIC, none of Chromium's background traffic (updates, sync, field trials). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** lighthouse and chrome-launcher, or null where they are not installed (bench/client-size.mjs then skips its run). */
export async function lighthouseModules() {
  try {
    const { default: lighthouse } = await import('lighthouse');
    const { launch } = await import('chrome-launcher');
    return { lighthouse, launch };
  } catch {
    return null;
  }
}

/**
 * Lighthouse's report (lhr) of `pageUrl` with its default mobile settings (simulated throttling), `categories`
 * only, sent with the session `cookie` if one is given; the browser is ended once the run is over.
 */
export async function lighthouseReport(pageUrl, { categories, cookie, flags = CHROME_FLAGS }) {
  const modules = await lighthouseModules();
  if (!modules) throw new Error('lighthouse or chrome-launcher is not installed');
  const chrome = await modules.launch({ chromePath: CHROMIUM, chromeFlags: flags });
  try {
    const result = await modules.lighthouse(pageUrl, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result?.lhr) throw new Error(`no Lighthouse result for ${pageUrl}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The median run by performance score (of an even count, the upper of the middle two). */
export const medianByPerformance = (runs) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
