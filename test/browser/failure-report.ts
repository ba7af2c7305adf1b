import type { BrowserContext } from 'playwright-core';

/**
 * What a failed browser test leaves in the log: each open page's address and the start of its text, a screenshot
 * of it in test-artifacts/, the last requests the server saw and the pages' errors. A flake seen once in CI (a
 * click that waited 30 s) can then be read from the log instead of guessed at.
 */
export async function reportFailure(
  test: string,
  state: { context: BrowserContext; requests: readonly string[]; pageErrors: readonly string[]; pngFor: (name: string) => string },
): Promise<void> {
  const lines = [`[browser test failed] ${test}`];
  for (const [i, page] of state.context.pages().entries()) {
    const text = await page
      .evaluate(() => document.body?.innerText ?? '')
      .then((t) => t.replace(/\s+/g, ' ').slice(0, 400))
      .catch((err: unknown) => `(text unreadable: ${String(err)})`);
    const file = state.pngFor(`failed-${test.slice(0, 80)}-${i}`);
    const shot = await page.screenshot({ path: file, timeout: 5_000 }).then(
      () => file,
      () => '(no screenshot)',
    );
    lines.push(`  page ${i}: ${page.url()}`, `    text: ${text}`, `    screenshot: ${shot}`);
  }
  lines.push(`  last requests: ${state.requests.slice(-15).join(' | ') || '(none)'}`);
  if (state.pageErrors.length) lines.push(`  page errors: ${state.pageErrors.slice(-10).join(' | ')}`);
  console.error(lines.join('\n'));
}
