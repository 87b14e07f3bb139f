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
  '/news_detail/1',
  '/help',
  '/notice',
  '/protocol/1/web',
  '/activity',
  '/certificate1',
  '/urgent',
  '/guessList',
  '/user-center/betHistory',
  '/user-center/guessing-management',
  '/admin/quizzes',
  '/user-center/privateChat',
  '/user-center/checkin',
  '/user-center/index',
  '/user-center/watchHistory',
  '/lottery',
];

// One test per page: axe takes several seconds on a long page such as /help on a busy machine.
for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const path of PAGES) {
    test(`no serious accessibility problems on ${path} (${locale})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await useLocale(page, baseURL!, locale);
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
      expect(serious, serious.join('\n')).toEqual([]);
    });
  }
}
