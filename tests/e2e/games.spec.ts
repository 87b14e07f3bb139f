/**
 * The talent list and the games against the real server: both ranking tabs, guests and the
 * log-in prompt, a logged-in player rolling on /sieve and /monopoly, the switches, and
 * screenshots at 375 and 1440 px in both languages.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { GameState } from '../../src/lib/games/api-types.ts';
import { formatCount } from '../../src/lib/format.ts';
import type { TalentList } from '../../src/lib/rankings/types.ts';
import { appConfig } from '../../src/server/db/schema.ts';
import { expect, screenshot, signIn as apiSignIn, test, useLocale } from './fixtures.ts';

/** Signs a demo account in through the API and reloads (for screens that only need a session). */
async function signIn(page: Page, mobile: string): Promise<string> {
  const token = await apiSignIn(page, mobile);
  await expect(page.locator('[data-site-header]')).toHaveAttribute('data-auth', 'in');
  return token;
}

/** The player's game state as the server has it. */
async function gameState(page: Page, token: string): Promise<GameState> {
  const res = await page.request.get('/api/game/state', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: GameState }).data;
}

test('/ranking shows the daily and monthly boards, amounts formatted by the spec', async ({
  page,
}) => {
  await page.goto('/ranking');
  const day = page.locator('#rk-panel-day');
  const month = page.locator('#rk-panel-month');
  await expect(page.getByRole('tab', { name: /Daily/ })).toHaveAttribute('aria-selected', 'true');
  await expect(day).toBeVisible();
  await expect(month).toBeHidden();
  await expect(day.locator('[data-board="anchors"] h2')).toHaveText('Anchor ranking');
  await expect(day.locator('[data-board="users"] h2')).toHaveText('Contribution ranking');

  const api = (await (await page.request.get('/api/live/talentList?period=month')).json()) as {
    data: TalentList;
  };
  const top = api.data.users[0]!;
  await page.getByRole('tab', { name: /Monthly/ }).click();
  await expect(month).toBeVisible();
  await expect(day).toBeHidden();
  await expect(page).toHaveURL(/\/ranking\?period=month$/);
  const first = month.locator('[data-board="users"] [data-rank="1"]');
  await expect(first.locator('.rk-name')).toHaveText(top.nick_name);
  await expect(first.locator('.rk-amount')).toHaveText(
    formatCount(Math.floor(top.amount / 100), 'en-US'),
  );
  await expect(month.locator('[data-board="anchors"] [data-rank]').first()).toBeVisible();
  // Anchors lead to their rooms.
  await expect(month.locator('[data-board="anchors"] [data-rank="1"] a')).toHaveAttribute(
    'href',
    `/liveMatchesTwo/${api.data.anchors[0]!.user_id}`,
  );

  // Without JavaScript the tabs are links to the server-rendered period.
  await page.goto('/ranking?period=month');
  await expect(page.locator('#rk-panel-month')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Monthly/ })).toHaveAttribute('aria-selected', 'true');
});

test('the header opens the games in a new window; guests see the games and a log-in prompt', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home');
  const button = page.locator('.header-actions a[href="/game"]');
  await expect(button).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/game$/);
  await expect(popup.locator('h1')).toHaveText('Game centre');
  await expect(popup.locator('.lb-card')).toHaveCount(2);
  await expect(popup.locator('.gp-guest')).toBeVisible();
  await popup.close();

  await page.goto('/sieve');
  const prompt = page.locator('.sv-actions [data-action="game-login"]');
  await expect(prompt).toBeVisible();
  await expect(page.locator('[data-sv-roll]')).toBeHidden();
  await prompt.click();
  await expect(page.locator('.login-modal')).toBeVisible();
});

test('a logged-in player rolls the dice on /sieve and sees the result and points', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/sieve');
  const token = await signIn(page, '13900000001');
  const before = await gameState(page, token);
  await expect(page.locator('[data-gp-plays]')).toHaveText(String(before.games.sieve.plays_left));

  await page.locator('label.sv-chip', { hasText: /^11/ }).click();
  await expect(page.locator('input[value="total:11"]')).toBeChecked();
  await page.locator('label.sv-small').click();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/game/sieve/roll'));
  await page.locator('[data-sv-roll]').click();
  const roll = ((await (await answer).json()) as { data: { dice: number[]; win: boolean } }).data;
  const result = page.locator('[data-sv-result]');
  await expect(result).toHaveAttribute('data-win', roll.win ? '1' : '0');
  await expect(page.locator('[data-sv-line]')).toContainText(
    `= ${roll.dice.reduce((a, b) => a + b)}`,
  );
  await expect(page.locator('[data-sv-msg]')).toHaveText(
    roll.win ? 'You won 10 points!' : 'No points this time.',
  );
  const dice = page.locator('.sv-dice [data-die]');
  for (const [i, face] of roll.dice.entries()) {
    await expect(dice.nth(i)).toHaveAttribute('data-value', String(face));
  }
  const after = await gameState(page, token);
  expect(after.games.sieve.plays_left).toBe(before.games.sieve.plays_left - 1);
  await expect(page.locator('[data-gp-plays]')).toHaveText(String(after.games.sieve.plays_left));
  await expect(page.locator('[data-gp-points]')).toHaveText(
    after.games.sieve.points.toLocaleString('en-US'),
  );
  await expect(page.locator('[data-sv-history] li')).toHaveCount(1);
  await screenshot(page, info, 'sieve-played-1440-en-US', { fullPage: false });

  // Spend the rest of today's plays: the button turns off and says why.
  for (let left = after.games.sieve.plays_left; left > 0; left -= 1) {
    const next = page.waitForResponse((r) => r.url().endsWith('/api/game/sieve/roll'));
    await expect(page.locator('[data-sv-roll]')).toBeEnabled();
    await page.locator('[data-sv-roll]').click();
    await next;
  }
  await expect(page.locator('[data-gp-plays]')).toHaveText('0');
  await expect(page.locator('[data-sv-roll]')).toBeDisabled();
  await expect(page.locator('[data-sv-none]')).toHaveText(
    'No free plays left today. Come back tomorrow!',
  );
});

test('a logged-in player rolls on /monopoly: the token walks and the points add up', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/monopoly');
  const token = await signIn(page, '13900000002');
  const before = await gameState(page, token);
  const pin = page.locator('[data-token]');
  await expect(pin).toHaveAttribute('data-position', String(before.games.monopoly.position));

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/game/monopoly/roll'));
  await page.locator('[data-mp-roll]').click();
  const move = (
    (await (await answer).json()) as {
      data: { die: number; position: number; points: number };
    }
  ).data;
  await expect(page.locator('[data-mp-head]')).toHaveText(`You rolled ${move.die}`);
  await expect(pin).toHaveAttribute('data-position', String(move.position));
  await expect(page.locator(`[data-tile="${move.position}"]`)).toHaveClass(/is-landed/);
  await expect(page.locator('[data-die]')).toHaveAttribute('data-value', String(move.die));
  const after = await gameState(page, token);
  expect(after.games.monopoly.points).toBe(before.games.monopoly.points + move.points);
  expect(after.games.monopoly.position).toBe(move.position);
  await expect(page.locator('[data-gp-points]')).toHaveText(
    after.games.monopoly.points.toLocaleString('en-US'),
  );
  await screenshot(page, info, 'monopoly-played-1440-en-US', { fullPage: false });

  // The token is where the server says after a reload.
  await page.reload();
  await expect(pin).toHaveAttribute('data-position', String(move.position));
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  for (const width of [1440, 375]) {
    test(`ranking and games at ${width}px in ${locale}`, async ({ page, baseURL }, info) => {
      await useLocale(page, baseURL!, locale);
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/ranking', '/game', '/monopoly', '/sieve']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // No element may stick out sideways on a phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
        await screenshot(page, info, `${path.slice(1)}-${width}-${locale}`);
      }
    });
  }
}

test('the rules pages, and unknown games go home', async ({ page, request }, info) => {
  await page.goto('/gameDetail/sieve');
  await expect(page.locator('h1')).toHaveText('Dice: how to play');
  await expect(page.locator('.gd-table tbody tr')).toHaveCount(9);
  await page.goto('/gameDetail/monopoly');
  await expect(page.locator('h1')).toHaveText('Monopoly: how to play');
  await expect(page.locator('.gd-play')).toHaveAttribute('href', '/monopoly');
  await screenshot(page, info, 'gameDetail-monopoly-1440-en-US');
  for (const slug of ['nope', 'toString', 'constructor']) {
    const res = await request.get(`/gameDetail/${slug}`, { maxRedirects: 0 });
    expect(res.status(), slug).toBe(302);
    expect(res.headers().location).toBe('/home');
  }
});

test('games and the talent list go to /home while their switches are off', async ({
  request,
  server,
}) => {
  const set = (key: string, value: number) =>
    server.rt.db.update(appConfig).set({ value }).where(eq(appConfig.key, key));
  await set('lottery_switch', 0);
  await set('talent_list_status', 0);
  try {
    // A fresh query string skips the shared page cache, as a new visitor after the cache time.
    for (const path of ['/game', '/sieve', '/monopoly', '/gameDetail/sieve', '/ranking']) {
      const res = await request.get(`${path}?switch=off`, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location).toBe('/home');
    }
    const home = await request.get('/home?switch=off');
    const html = await home.text();
    expect(html).not.toContain('href="/game"');
    expect(html).not.toContain('href="/ranking"');
  } finally {
    await set('lottery_switch', 1);
    await set('talent_list_status', 1);
  }
  const open = await request.get('/game?switch=on', { maxRedirects: 0 });
  expect(open.status()).toBe(200);
});

test('the ranking and game pages have no serious accessibility problems', async ({ page }) => {
  const serious: string[] = [];
  for (const path of ['/ranking', '/game', '/sieve', '/monopoly', '/gameDetail/sieve']) {
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
