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

// One journey per language through every page, each page's problems reported on its own.
for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`no serious accessibility problems on the main screens (${locale})`, async ({
    page,
    baseURL,
  }) => {
    // axe takes several seconds on a long page such as /help on a busy machine.
    test.setTimeout(PAGES.length * 30_000);
    await useLocale(page, baseURL!, locale);
    for (const path of PAGES) {
      await test.step(path, async () => {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
        expect.soft(serious, `${path}\n${serious.join('\n')}`).toEqual([]);
      });
    }
  });
}
