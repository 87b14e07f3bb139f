/**
 * The newsroom: an administrator makes a member an editor in the console; the editor finds the
 * content screen in the header's staff links, writes a notice in Markdown with a live preview,
 * saves and publishes it, and a reader in another window sees it on /notice with no rebuild or
 * restart. The editor then changes it, reads the diff in the history and brings the first text
 * back. Axe and screenshots at 375 and 1440 px in both languages.
 */
import { eq } from 'drizzle-orm';
import { announceContentChange } from '../../src/server/content/published.ts';
import { contentEntries, editors } from '../../src/server/db/schema.ts';
import {
  expect,
  expectAccessible,
  openWindow,
  screenshot,
  signIn,
  test,
  useLocale,
} from './fixtures.ts';

const ADMIN = '13900000005';
const EDITOR = '13900000004';
const TITLE = 'Pitch-side maintenance tonight at 2';

test('an editor publishes a notice that a reader sees at once, then reverts a change', async ({
  page,
  browser,
  baseURL,
  server,
}, info) => {
  test.setTimeout(240_000);
  const db = server.rt.db;
  try {
    // The administrator grants the role in the newsroom's editors tab.
    await useLocale(page, baseURL!, 'en-US');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/content#editors');
    await signIn(page, ADMIN);
    const editorId = String(
      (
        await page.request
          .post('/api/user/login', {
            data: {
              account: EDITOR,
              pwd: 'demo1234',
              platform: 0,
              login_type: 1,
              source_id: 10001,
            },
          })
          .then((r) => r.json() as Promise<{ data: { id: number } }>)
      ).data.id,
    );
    await page.getByLabel('User id').fill(editorId);
    await page.getByRole('button', { name: 'Make editor' }).click();
    await expect(page.locator('.nr-editors li')).toContainText(`#${editorId}`);
    await expectAccessible(page);
    await screenshot(page, info, 'newsroom-editors-1440-en-US');

    // The editor signs in: the content screen is among their staff links, and only it.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/home');
    await signIn(page, EDITOR);
    await page.locator('[data-action="user-card"]').click();
    const card = page.locator('[data-user-card]');
    await expect(card.locator('[data-staff-link="content"]')).toBeVisible();
    await expect(card.locator('[data-staff-link="console"]')).toBeHidden();
    await card.locator('[data-staff-link="content"]').click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.locator('[data-staff-nav] [data-staff-link="content"]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('.ad-tab', { hasText: 'Editors' })).toHaveCount(0);

    // A new notice: the preview is the server's rendering, raw HTML stays text.
    await expect(page.locator('.nr-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'New entry' }).click();
    await page.getByLabel('Title').fill(TITLE);
    const body = page.getByLabel('Text (Markdown)');
    await body.fill('The **match centre** pauses from 02:00.\n\n<script>alert(1)</script>');
    const preview = page.locator('[data-preview]');
    await expect(preview.locator('strong')).toHaveText('match centre');
    await expect(preview).toContainText('<script>alert(1)</script>');
    await body.press('Control+s');
    await expect(page.locator('.nr-editor .nr-chip')).toHaveText('Draft');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.locator('.nr-editor .nr-chip')).toHaveText('Published');
    await expectAccessible(page);
    await screenshot(page, info, 'newsroom-editor-1440-en-US');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    await screenshot(page, info, 'newsroom-editor-375-en-US');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A reader who never reloaded anything on the server sees it on /notice.
    const reader = await openWindow(browser, baseURL!, '/notice', null);
    await expect(reader.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(reader.locator('strong', { hasText: 'match centre' })).toBeVisible();
    expect(await reader.locator('script:has-text("alert(1)")').count()).toBe(0);

    // A change, its diff in the history, and the first text brought back.
    await page.getByLabel('Title').fill(`${TITLE} (moved to 3)`);
    await page.getByRole('button', { name: 'Save and update the site' }).click();
    await expect(page.locator('.nr-rev')).toHaveCount(3);
    await page.locator('.nr-rev').first().click();
    await expect(page.locator('[data-diff]')).toContainText(`Title was: ${TITLE}`);
    await page.locator('.nr-rev').last().click();
    await page.getByRole('button', { name: 'Bring back this version' }).click();
    await expect(page.getByLabel('Title')).toHaveValue(TITLE);
    await expect(page.locator('.nr-rev')).toHaveCount(4);
    await reader.reload();
    await expect(reader.getByRole('heading', { name: TITLE, exact: true })).toBeVisible();
    await reader.context().close();

    // The same screen in Chinese, at both widths.
    await page.locator('[data-site-header] [data-action="locale"][data-locale="zh-CN"]').click();
    await expect(page.locator('.ad-tab.is-active')).toHaveText('公告');
    await page.locator('.nr-row', { hasText: TITLE }).click();
    await expect(page.getByLabel('标题')).toHaveValue(TITLE);
    await expectAccessible(page);
    await screenshot(page, info, 'newsroom-editor-1440-zh-CN');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    await screenshot(page, info, 'newsroom-editor-375-zh-CN');
  } finally {
    await db.delete(editors);
    await db.delete(contentEntries).where(eq(contentEntries.collection, 'notices'));
    announceContentChange(server.rt.bus);
  }
});
