// One Lighthouse run in a fresh headless Debian Chromium, as bench/lighthouse.mjs, bench/client-size.mjs and
// bench/public-web.mjs run it: the browser's flags (nothing in the background reaches the internet) and the report.
import { CHROMIUM_BASE_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export const CHROMIUM = CHROMIUM_PATH;

/** Headless, no GPU, no QUIC, none of Chromium's background traffic (scripts/chromium.mjs, as the browser tests). */
export const CHROME_FLAGS = [...CHROMIUM_BASE_FLAGS];

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
export async function lighthouseReport(pageUrl, options) {
  return (await lighthouseRun(pageUrl, options)).lhr;
}

/**
 * As lighthouseReport, with how busy the machine was: the page's main-thread tasks after the first contentful
 * paint in CPU (thread) time and in wall time, from the run's trace. Lighthouse scores wall time (×4 for a slow
 * phone), so a run whose wall time is many times its CPU time was slowed by other processes, not by the page.
 */
export async function lighthouseRun(pageUrl, { categories, cookie, flags = CHROME_FLAGS }) {
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
    return { lhr: result.lhr, mainThread: mainThreadAfterPaint(result.artifacts?.Trace?.traceEvents ?? []) };
  } finally {
    await chrome.kill();
  }
}

/** The median run by performance score (of an even count, the upper of the middle two). */
export const medianByPerformance = (runs) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

/** CPU and wall milliseconds of the busiest renderer main thread's tasks after its first contentful paint. */
function mainThreadAfterPaint(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.name === 'RunTask');
  let best = { tasks: [], busy: -1, pid: 0 };
  for (const m of mains) {
    const tasks = tasksOf(m);
    const busy = tasks.reduce((sum, e) => sum + e.dur, 0);
    if (busy > best.busy) best = { tasks, busy, pid: m.pid };
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === best.pid);
  if (!fcp) return null;
  const after = best.tasks.filter((e) => e.ts >= fcp.ts && typeof e.tdur === 'number');
  return { cpuMs: after.reduce((sum, e) => sum + e.tdur, 0) / 1000, wallMs: after.reduce((sum, e) => sum + e.dur, 0) / 1000 };
}
