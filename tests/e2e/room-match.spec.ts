/**
 * The score strip of a live room broadcasting a match: it shows the match as it stands and
 * follows what the desk publishes (a line, a goal) without a reload, at 1440 px in English and
 * 375 px in Chinese. Publishing goes through publishMatchLive in this process, the server's own.
 */
import { eq } from 'drizzle-orm';
import { liveRooms, matches } from '../../src/server/db/schema.ts';
import { publishMatchLive } from '../../src/server/sports/match-live.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { expect, expectAccessible, openWindow, screenshot, test } from './fixtures.ts';

const ROOM = '/liveMatchesTwo/100003';

async function linkedMatch(rt: Runtime) {
  const [room] = await rt.db
    .select({ matchId: liveRooms.matchId })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, 100003));
  const [match] = await rt.db.select().from(matches).where(eq(matches.id, room!.matchId!));
  return match!;
}

/** Publishes `lines` and a score, runs `check`, then takes the lines back and restores the score. */
async function withUpdates(
  rt: Runtime,
  lines: { minute: number; event: 'goal' | 'card'; zh: string; en: string }[],
  score: { home: number; away: number },
  check: () => Promise<void>,
): Promise<void> {
  const match = await linkedMatch(rt);
  const published: number[] = [];
  try {
    for (const line of lines) {
      const message = await publishMatchLive(rt.db, match.id, { kind: 'text', ...line });
      published.push((JSON.parse(message.payload) as { id: number }).id);
    }
    await publishMatchLive(rt.db, match.id, { kind: 'score', ...score });
    await check();
  } finally {
    for (const id of published) await publishMatchLive(rt.db, match.id, { kind: 'remove', id });
    await publishMatchLive(rt.db, match.id, {
      kind: 'score',
      home: match.homeScore ?? 0,
      away: match.awayScore ?? 0,
      status: 1,
      phase: null,
    });
  }
}

test('the room shows its match and follows a goal published by the desk (1440, en)', async ({
  browser,
  baseURL,
  server,
}, info) => {
  // A room page, two publishes and an axe pass on a busy machine.
  test.setTimeout(120_000);
  const page = await openWindow(browser, baseURL!, ROOM, null);
  const strip = page.locator('[data-match-strip]');
  await expect(strip).toBeVisible();
  await expect(strip).toContainText('Arsenal');
  await expect(strip).toContainText('Manchester City');
  await expect(strip.locator('[data-ms-score]')).toHaveText('1 : 0');
  await expect(strip.locator('[data-ms-state]')).toHaveText('Live');
  await expect(strip.locator('[data-ms-text]')).toHaveText(
    'City have had 58% of the ball but only two shots on target.',
  );
  await expect(strip.getByRole('link', { name: /Match centre/ })).toHaveAttribute(
    'href',
    /^\/scheduleDetail\/\d+\/1$/,
  );
  // Joined: the room's socket is the one the update comes on.
  await expect(page.locator('.chat[data-connection="joined"]')).toBeVisible({ timeout: 15_000 });
  await withUpdates(
    server.rt,
    [
      {
        minute: 40,
        event: 'goal',
        zh: '球进了！萨卡梅开二度！',
        en: 'GOAL! Saka doubles the lead!',
      },
    ],
    { home: 2, away: 0 },
    async () => {
      await expect(strip.locator('[data-ms-score]')).toHaveText('2 : 0');
      await expect(strip.locator('[data-ms-text]')).toHaveText('GOAL! Saka doubles the lead!');
      await expect(strip.locator('[data-ms-minute]')).toHaveText("40'");
      await expect(strip.locator('[data-ms-line]')).toHaveAttribute('data-kind', 'goal');
      await expectAccessible(page);
      await screenshot(page, info, 'room-match-1440-en', { fullPage: false });
    },
  );
  // Taken back: the strip shows the line before it again.
  await expect(strip.locator('[data-ms-score]')).toHaveText('1 : 0');
  await expect(strip.locator('[data-ms-text]')).toHaveText(
    'City have had 58% of the ball but only two shots on target.',
  );
  await page.context().close();
});

test('the strip fits a phone and shows lines in Chinese (375, zh-CN)', async ({
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(120_000);
  const page = await openWindow(browser, baseURL!, ROOM, null, { width: 375, locale: 'zh-CN' });
  const strip = page.locator('[data-match-strip]');
  await expect(strip).toBeVisible();
  await expect(strip.locator('[data-ms-state]')).toHaveText('进行中');
  await expect(strip.locator('[data-ms-text]')).toHaveText('曼城控球率达到58%，但只有两脚射正。');
  // Nothing wider than the screen.
  const box = (await strip.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator('.chat[data-connection="joined"]')).toBeVisible({ timeout: 15_000 });
  await withUpdates(
    server.rt,
    [
      {
        minute: 41,
        event: 'card',
        zh: '黄牌！罗德里再次犯规。',
        en: 'Yellow card for Rodri again.',
      },
    ],
    { home: 1, away: 0 },
    async () => {
      await expect(strip.locator('[data-ms-text]')).toHaveText('黄牌！罗德里再次犯规。');
      await expect(strip.locator('[data-ms-line]')).toHaveAttribute('data-kind', 'card');
      await expectAccessible(page);
      await screenshot(page, info, 'room-match-375-zh', { fullPage: false });
    },
  );
  await page.context().close();
});
