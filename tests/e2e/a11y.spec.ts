/** Accessibility with axe-core: no serious or critical violations on the main screens. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, useLocale } from './fixtures.ts';

const PAGES = [
  '/home',
  '/schedule',
  '/liveMatches',
  '/keysearch?keyword=Arsenal',
  '/about/3',
  '/news',
];

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`no serious accessibility problems (${locale})`, async ({ page, baseURL }) => {
    await useLocale(page, baseURL!, locale);
    const serious: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      for (const v of results.violations) {
        if (v.impact === 'serious' || v.impact === 'critical') {
          serious.push(`${path}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
        }
      }
    }
    expect(serious, serious.join('\n')).toEqual([]);
  });
}
