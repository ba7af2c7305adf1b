import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { useAppHarness } from './app-harness.js';

/**
 * What users tripped over (wave 4, issue 48), in Chromium at 390 px: the small things a screen got wrong.
 */
const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

/** The horizontal room between each tab label and the next one (negative: they overlap). */
async function labelGaps(page: Page): Promise<{ pair: string; gap: number }[]> {
  return page.locator('.tabbar a span').evaluateAll((spans) => {
    const boxes = spans.map((s) => {
      const range = document.createRange();
      range.selectNodeContents(s);
      const r = range.getBoundingClientRect();
      return { text: s.textContent ?? '', left: r.left, right: r.right };
    });
    return boxes.slice(1).map((b, i) => ({ pair: `${boxes[i]!.text}|${b.text}`, gap: Math.round(b.left - boxes[i]!.right) }));
  });
}

describe('what users tripped over', () => {
  it('the tab labels keep room between them at 390 px, also with the breeder and admin tabs', async () => {
    for (const extra of [{}, { subscription_tier: 'breeder' as const }, { subscription_tier: 'breeder' as const, rolle: 'admin' as const }]) {
      const user = await buildUser(h.ctx, extra);
      await h.login(user);
      const page = await h.page();
      await page.goto(h.url('/app'));
      await page.locator('.tabbar a').first().waitFor();
      const gaps = await labelGaps(page);
      for (const g of gaps) expect(g.gap, g.pair).toBeGreaterThanOrEqual(4);
      await h.screenshot(page, `tabbar-${Object.values(extra).join('-') || 'user'}`);
      await page.close();
    }
  });
});
