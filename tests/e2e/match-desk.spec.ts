/**
 * The match desk: an editor adds a team with an uploaded crest, puts a fixture on for today and
 * runs it live from the keyboard, while a viewer keeps its match centre open in another window:
 * kick-off, a goal by one key, a typed line, its correction and removal, half-time and full time
 * reach the viewer without a reload; a live room broadcasting the match shows the goal too. Axe and screenshots at 375 and 1440 px in both languages.
 */
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { editors, liveRooms, matches, teams } from '../../src/server/db/schema.ts';
import {
  expect,
  expectAccessible,
  openWindow,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const EDITOR = '13900000004';
/** The demo anchor whose live room is linked to the fixture for the test. */
const ANCHOR_ID = 100003;
const TEAM = 'Harbour City FC';

/** A crest: a blue disc with a white band, as a PNG. */
function crestPicture(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128">' +
    '<circle cx="64" cy="64" r="60" fill="#1f6feb"/><rect x="8" y="54" width="112" height="20" fill="#fff"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Today's date and the next whole hour in Beijing time, as the desk's inputs take them. */
function beijingNow(): { day: string; time: string } {
  const iso = new Date(Date.now() + 8 * 3_600_000).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

test('a desk editor runs a match from kick-off to full time and a viewer follows it live', async ({
  page,
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  const db = server.rt.db;
  const editorId = (await db.select().from(editors)).length; // none before the test
  expect(editorId).toBe(0);
  let matchId = 0;
  let roomMatch: number | null | undefined;
  try {
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/home');
    const token = await signIn(page, EDITOR);
    expect(token).toBeTruthy();
    const me = await page.evaluate(() => Number(localStorage.getItem('id')));
    await db.insert(editors).values({ userId: me, grantedBy: me });
    await page.evaluate(() => sessionStorage.clear());

    // The desk is among the editor's staff links; the console is not.
    await page.reload();
    await page.locator('[data-action="user-card"]').click();
    const card = page.locator('[data-user-card]');
    await expect(card.locator('[data-staff-link="matches"]')).toBeVisible();
    await expect(card.locator('[data-staff-link="console"]')).toBeHidden();
    await card.locator('[data-staff-link="matches"]').click();
    await expect(page).toHaveURL(/\/admin\/matches$/);

    // A new team with an uploaded crest.
    await page.locator('.ad-tab', { hasText: 'Teams' }).click();
    await page.getByRole('button', { name: 'New team' }).click();
    await page.getByLabel('Chinese name').fill('海港城');
    await page.getByLabel('English name').fill(TEAM);
    await page
      .locator('input[name="crest"]')
      .setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: await crestPicture() });
    await expect(page.locator('.md-crest-field img.md-crest')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByPlaceholder('Find by name').fill('harbour');
    const row = page.locator('.md-catalog li', { hasText: TEAM });
    await expect(page.locator('.md-catalog li')).toHaveCount(1);
    await expect(row.locator('img.md-crest')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'match-desk-teams-1440-en-US');

    // A fixture today: the new team at home.
    await page.locator('.ad-tab', { hasText: 'Fixtures' }).click();
    await page.getByLabel('Days').selectOption('1');
    await page.getByRole('button', { name: 'New fixture' }).click();
    const form = page.locator('.md-form');
    const league = await form.getByLabel('League').inputValue();
    expect(Number(league)).toBeGreaterThan(0);
    await form.getByLabel('Home').selectOption({ label: TEAM });
    await form.getByLabel('Away').selectOption({ index: 1 });
    const { day, time } = beijingNow();
    await form.getByLabel('Kick-off (Beijing time)').fill(`${day}T${time}`);
    await form.getByRole('button', { name: 'Save fixture' }).click();
    const fixture = page.locator('.md-fixture', { hasText: TEAM });
    await expect(fixture).toContainText('Upcoming');
    matchId = Number(await fixture.getAttribute('data-fixture'));
    // The demo anchor's live room broadcasts this match (as if picked when going live).
    const [room] = await db
      .select({ matchId: liveRooms.matchId })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, ANCHOR_ID));
    roomMatch = room!.matchId;
    await db.update(liveRooms).set({ matchId }).where(eq(liveRooms.anchorId, ANCHOR_ID));
    await expectAccessible(page);
    await screenshot(page, info, 'match-desk-fixtures-1440-en-US');

    // The viewer opens the match centre.
    const viewer = await openWindow(browser, baseURL!, `/scheduleDetail/${matchId}/1`, null);
    await expect(viewer.locator('[data-state]')).toHaveText('Upcoming');
    await expect(viewer.locator('[data-live-indicator]')).toBeVisible();

    // Kick-off, then a goal by one key: the viewer's score moves and the goal line arrives.
    await fixture.getByRole('link', { name: 'Run live' }).click();
    await expect(page.locator('[data-live-desk]')).toBeVisible();
    await expect(page.locator('.md-dot.is-on')).toBeVisible();
    await page.getByRole('button', { name: 'Live', exact: true }).click();
    await expect(viewer.locator('[data-state]')).toHaveText('Live');
    const roomPage = await openWindow(browser, baseURL!, `/liveMatchesTwo/${ANCHOR_ID}`, null);
    const strip = roomPage.locator(`[data-match-strip="${matchId}"]`);
    await expect(strip).toContainText(TEAM);
    await expect(roomPage.locator('.chat[data-connection="joined"]')).toBeVisible({
      timeout: 15_000,
    });
    await page.locator('h2', { hasText: 'Statistics' }).click(); // focus off any field
    await page.keyboard.press('h');
    await expect(viewer.locator('[data-score]')).toHaveText('1 : 0');
    await expect(viewer.locator('[data-panel="live"] .tl-line.k-goal')).toContainText(
      `GOAL! ${TEAM}, 1-0`,
    );
    await expect(strip.locator('[data-ms-score]')).toHaveText('1 : 0');
    await expect(strip.locator('[data-ms-text]')).toHaveText(`GOAL! ${TEAM}, 1-0`);
    await roomPage.context().close();

    // A typed line, sent with Enter, then corrected and removed.
    await page.getByLabel('Minute').fill('31');
    await page.getByLabel('English', { exact: true }).fill('Corner to the near post, cleared');
    await page.getByLabel('English', { exact: true }).press('Enter');
    const line = viewer.locator('[data-panel="live"] .tl-line', { hasText: 'near post' });
    await expect(line).toContainText('31');
    const deskLine = page.locator('.md-line', { hasText: 'near post' });
    await deskLine.getByRole('button', { name: 'Correct' }).click();
    await page.getByLabel('English', { exact: true }).fill('Corner to the far post, cleared');
    await page.getByLabel('English', { exact: true }).press('Enter');
    await expect(viewer.locator('[data-panel="live"]')).toContainText('far post');
    await expect(viewer.locator('[data-panel="live"]')).not.toContainText('near post');
    page.once('dialog', (d) => void d.accept());
    await page
      .locator('.md-line', { hasText: 'far post' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(viewer.locator('[data-panel="live"]')).not.toContainText('far post');

    // Half-time and full time.
    await page.getByRole('button', { name: 'Half-time' }).click();
    await expect(viewer.locator('[data-state]')).toHaveText('Half-time');
    await expectAccessible(page);
    await screenshot(page, info, 'match-desk-live-1440-en-US');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, info, 'match-desk-live-375-en-US');
    await screenshot(viewer, info, 'match-desk-viewer-1440-en-US');

    // The desk in Chinese.
    await useLocale(page, baseURL!, 'zh-CN');
    await page.reload();
    await expect(page.locator('[data-live-desk]')).toBeVisible();
    await expect(page.getByRole('button', { name: '完场' })).toBeVisible();
    await screenshot(page, info, 'match-desk-live-375-zh-CN');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, info, 'match-desk-live-1440-zh-CN');
    await page.getByRole('button', { name: '完场' }).click();
    await expect(viewer.locator('[data-state]')).toHaveText('Full time');
    await page.goto('/admin/matches#fixtures');
    await page.getByLabel('天数').selectOption('1');
    await expect(page.locator('.md-fixture', { hasText: '海港城' })).toContainText('完场');
    await expectAccessible(page);
    await screenshot(page, info, 'match-desk-fixtures-1440-zh-CN');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, info, 'match-desk-fixtures-375-zh-CN');
    await viewer.context().close();
  } finally {
    if (roomMatch !== undefined) {
      await db
        .update(liveRooms)
        .set({ matchId: roomMatch })
        .where(eq(liveRooms.anchorId, ANCHOR_ID));
    }
    if (matchId) await db.delete(matches).where(eq(matches.id, matchId));
    await db.delete(teams).where(inArray(teams.nameEn, [TEAM]));
    await db.delete(editors);
  }
});
