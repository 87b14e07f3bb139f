/** The page shell against the real server: routes, languages, config switches, header, side menu. */
import { eq } from 'drizzle-orm';
import { appConfig, maintenanceWindows, matches } from '../../src/server/db/schema.ts';
import { USER_CENTER_SECTIONS } from '../../src/lib/routes.ts';
import { expect, screenshot, signIn, test, useLocale } from './fixtures.ts';

const ROUTES = [
  '/urgent',
  '/home',
  '/liveMatches',
  '/liveMatchesReplay',
  '/news',
  '/news_detail/1',
  '/notice',
  '/protocol/1/web',
  '/privacy/1',
  '/activity',
  '/activity_details/1',
  '/game',
  '/monopoly',
  '/sieve',
  '/gameDetail/sieve',
  '/schedule',
  '/schedule-preview',
  '/worldCup',
  '/download',
  '/about/1',
  '/about/3',
  '/keysearch?keyword=nba',
  '/liveMatchesTwo/100003',
  '/help',
  '/ranking',
  '/guessList',
  '/certificate1',
  '/certificate2',
  '/lottery',
  '/mall',
  '/anchorInfo/100003',
  '/anchorReplay/100003',
  ...USER_CENTER_SECTIONS.map((s) => `/user-center/${s}`),
];

test('every route of the spec answers 200; / and unknown paths redirect to /home', async ({
  request,
  server,
}) => {
  const [match] = await server.rt.db.select().from(matches).limit(1);
  const extra = [
    `/scheduleDetail/${match!.id}/${match!.sportId}`,
    `/teamInfo?id=${match!.homeTeamId}`,
  ];
  for (const route of [...ROUTES, ...extra]) {
    const res = await request.get(route, { maxRedirects: 0 });
    expect(res.status(), route).toBe(200);
  }
  for (const path of [
    '/',
    '/no/such/page',
    '/user-center/bogus',
    '/scheduleDetail/999999/1',
    '/scheduleDetail/abc/1',
    '/teamInfo',
    '/teamInfo?id=999999',
    '/anchorInfo/999999',
    '/anchorReplay/100001',
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location).toBe('/home');
  }
});

test('on a live-home host / shows the live list instead of redirecting', async ({ request }) => {
  const live = await request.get('/', { headers: { host: 'live.arena.test' }, maxRedirects: 0 });
  expect(live.status()).toBe(200);
  expect(await live.text()).toContain('data-room=');
  const plain = await request.get('/', { maxRedirects: 0 });
  expect(plain.status()).toBe(302);
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [1440, 375]) {
    test(`home at ${width}px in ${locale}`, async ({ page, baseURL }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/home');
      const home = locale === 'zh-CN' ? '首页' : 'Home';
      await expect(page.locator('[data-tab="home"]')).toHaveText(home);
      await expect(page.locator('[data-tab="home"]')).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.room-card').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await screenshot(page, info, `home-${width}-${locale}`);
    });
  }
}

test('switching language changes the header and server-rendered pages after reload', async ({
  page,
}) => {
  await page.goto('/home');
  await expect(page.locator('[data-tab="news"]')).toHaveText('News');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-locale="zh-CN"]').click()]);
  await expect(page.locator('[data-tab="news"]')).toHaveText('资讯');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-CN');
  await page.goto('/news');
  await expect(page.locator('h1')).toHaveText('资讯');
  await page.reload();
  await expect(page.locator('[data-tab="home"]')).toHaveText('首页');
  await Promise.all([page.waitForEvent('load'), page.locator('[data-locale="en-US"]').click()]);
  await expect(page.locator('[data-tab="home"]')).toHaveText('Home');
});

test('the header follows config switches stored in the database', async ({ page, server }) => {
  const set = (key: string, value: number) =>
    server.rt.db.update(appConfig).set({ value }).where(eq(appConfig.key, key));
  await page.goto('/home');
  await expect(page.locator('[data-tab="worldcup"]')).toBeVisible();
  await expect(page.locator('a[href="/ranking"].icon-btn')).toHaveCount(1);
  await set('worldcup_thematic_toggle', 0);
  await set('talent_list_status', 0);
  try {
    // Pages are shared for up to 5 s (s-maxage), so the switch shows within that.
    await expect(async () => {
      await page.reload();
      await expect(page.locator('[data-tab="worldcup"]')).toBeHidden({ timeout: 100 });
      await expect(page.locator('a[href="/ranking"].icon-btn')).toHaveCount(0, { timeout: 100 });
    }).toPass({ timeout: 10_000 });
  } finally {
    await set('worldcup_thematic_toggle', 1);
    await set('talent_list_status', 1);
  }
});

test('the active tab is remembered in session storage on pages without a tab', async ({ page }) => {
  await page.goto('/home');
  await page.locator('[data-tab="schedule"]').click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.locator('[data-tab="schedule"]')).toHaveClass(/is-active/);
  await page.goto('/ranking');
  await expect(page.locator('[data-tab="schedule"]')).toHaveClass(/is-active/);
});

test('no tab is active in the user centre and admin pages, except private chat on its page', async ({
  page,
}) => {
  const active = page.locator('[data-tab].is-active');
  await page.goto('/home');
  await signIn(page, '13900000005');
  await expect(page.locator('[data-tab="home"]')).toHaveClass(/is-active/);
  for (const path of ['/user-center/index', '/user-center/myWallet', '/admin/anchors']) {
    await page.goto(path);
    // The shell script has run once the header shows the login state.
    await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
    await expect(active, path).toHaveCount(0);
  }
  await page.goto('/user-center/privateChat');
  await expect(page.locator('[data-tab="privateChat"]')).toHaveClass(/is-active/);
  await expect(active).toHaveCount(1);
});

test('search keeps at most 10 characters and goes to /keysearch', async ({ page }) => {
  await page.goto('/home');
  const input = page.locator('[data-search] input');
  await input.fill('');
  await input.pressSequentially('basketball finals');
  await expect(input).toHaveValue('basketball');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/keysearch\?keyword=basketball$/);
});

test('side menu shows after 400 px of scrolling on home and takes you back to top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto('/home');
  const menu = page.locator('[data-side-menu]');
  await expect(menu).not.toHaveClass(/is-visible/);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(menu).toHaveClass(/is-visible/);
  await menu.locator('[data-action="top"]').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto('/news');
  await expect(page.locator('[data-side-menu]')).toHaveCount(0);
});

test('ad banner links only to internal routes or http(s) addresses', async ({ page }) => {
  await page.goto('/home');
  const href = await page.locator('.ad-strip').getAttribute('href');
  expect(href).toMatch(/^(\/[^/]|https?:\/\/)/);
});

test('maintenance: a reminder can be dismissed for 6 hours; ongoing maintenance cannot be closed', async ({
  page,
  server,
}, info) => {
  const now = Date.now();
  const [reminder] = await server.rt.db
    .insert(maintenanceWindows)
    .values({
      titleZh: '系统升级',
      titleEn: 'System upgrade',
      contentZh: '升级期间暂停服务',
      contentEn: 'Live rooms pause during the upgrade.',
      remindTime: new Date(now - 60_000),
      startTime: new Date(now + 3_600_000),
      endTime: new Date(now + 7_200_000),
    })
    .returning({ id: maintenanceWindows.id });
  try {
    await page.goto('/news');
    const dialog = page.locator('[data-maintenance]');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-m-title]')).toHaveText('System upgrade');
    await screenshot(page, info, 'maintenance-reminder-1440-en-US');
    await dialog.locator('[data-m-ok]').click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.locator('[data-tab="news"]')).toBeVisible();
    await expect(dialog).toBeHidden();
    await server.rt.db
      .update(maintenanceWindows)
      .set({ startTime: new Date(now - 60_000) })
      .where(eq(maintenanceWindows.id, reminder!.id));
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-m-ok]')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  } finally {
    await server.rt.db.delete(maintenanceWindows).where(eq(maintenanceWindows.id, reminder!.id));
  }
});

test('the network banner shows while offline', async ({ page, context }) => {
  await page.goto('/home');
  const banner = page.locator('[data-network-banner]');
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toHaveText(
    'The network is not working well, please check the network connection status.',
  );
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('dialog code that fails to load reloads the page once, never twice', async ({ page }) => {
  await page.goto('/news');
  await page.route(/\/_astro\/mount\.[\w-]+\.js/, (route) => route.abort());
  await Promise.all([page.waitForEvent('load'), page.locator('[data-action="login"]').click()]);
  expect(await page.evaluate(() => localStorage.getItem('tryReload'))).toBe('1');
  await expect(page).toHaveURL(/\/news$/);
  const errors: string[] = [];
  page.on('console', (m) => errors.push(m.text()));
  await page.locator('[data-action="login"]').click();
  await expect.poll(() => errors.some((e) => e.includes('not retrying'))).toBe(true);
  await expect(page).toHaveURL(/\/news$/);
});

test('the login button opens the 900 px login dialog, closed only by its icon', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/news');
  await page.locator('[data-action="login"]').click();
  const dialog = page.locator('dialog.modal[open]');
  await expect(dialog).toBeVisible();
  expect(Math.round((await dialog.boundingBox())!.width)).toBe(900);
  await page.mouse.click(10, 10);
  await expect(dialog).toBeVisible();
  await dialog.locator('.modal-close').click();
  await expect(page.locator('dialog.modal[open]')).toHaveCount(0);
});

test('robots.txt and sitemap.xml describe the public site', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /user-center/');
  expect(text).toMatch(/Sitemap: http:\/\/[^\s]+\/sitemap\.xml/);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain('/home</loc>');
  expect(xml).toContain('/liveMatchesTwo/100003</loc>');
  expect(xml).toMatch(/\/scheduleDetail\/\d+\/\d<\/loc>/);
});
