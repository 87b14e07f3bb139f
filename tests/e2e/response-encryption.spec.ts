/**
 * Response encryption end to end: the site built with PUBLIC_API_RESPONSE_KEY (an Astro build of
 * a few seconds into a temporary folder) and served by a process with the same API_RESPONSE_KEY.
 * A visitor logs in with the slider and checks in: every answer the page read arrived sealed and
 * was opened by the bundle's WebCrypto code.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { SEALED_HEADER } from '../../src/lib/api/envelope.ts';
import { importResponseKey, openSealed, parseResponseKey } from '../../src/lib/api/sealed.ts';
import { spawnServer, type SpawnedServer } from '../../scripts/spawn-server.ts';
import { expect, solveCaptcha, test } from './fixtures.ts';

const KEY = randomBytes(32).toString('base64');

let root: string;
let server: SpawnedServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  root = mkdtempSync(path.join(tmpdir(), 'arena-sealed-'));
  // The server bundle imports its packages from the project's node_modules.
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  await promisify(execFile)(
    process.execPath,
    ['scripts/build.ts', '--out', path.join(root, 'dist')],
    {
      env: { ...process.env, PUBLIC_API_RESPONSE_KEY: KEY },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  server = await spawnServer({ API_RESPONSE_KEY: KEY, NODE_ENV: 'development' }, undefined, root);
});

test.afterAll(async () => {
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The next captcha challenge, opened here with the key as the page opens it. */
function nextSealedChallenge(page: Page): Promise<{ data: { test_x: number } }> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/captcha_path'))
    .then(async (r) => {
      const key = await importResponseKey(parseResponseKey(KEY, 'KEY'));
      const body = await r.body();
      const bytes = new Uint8Array(body).buffer;
      return JSON.parse(await openSealed(key, bytes)) as { data: { test_x: number } };
    });
}

test('a visitor logs in and checks in through sealed answers', async ({ page }) => {
  const api: { path: string; sealed: boolean }[] = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/webapi/'))
      api.push({ path: pathname, sealed: r.headers()[SEALED_HEADER] === 'aes-256-gcm' });
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/home`);
  await page.locator('[data-action="login"]').click();
  await page.getByRole('tab', { name: 'Password login' }).click();
  await page.locator('input[name="phone"]').fill('13900000001');
  await page.locator('input[name="passwd"]').fill('demo1234');
  const challenge = nextSealedChallenge(page);
  await page.locator('.lf-submit').click();
  await Promise.all([page.waitForEvent('load'), solveCaptcha(page, challenge)]);

  // The check-in dialog opens for the day's first visit: its week, the check-in and its rewards
  // are three sealed answers read by an island.
  const checkin = page.locator('[data-checkin-dialog]');
  await expect(checkin).toHaveAttribute('data-phase', '1');
  await expect(checkin.locator('[data-day="7"] .ck-big')).toHaveText('Big reward');
  await checkin.getByRole('button', { name: 'Check in' }).click();
  await expect(checkin).toHaveAttribute('data-phase', '3');
  await expect(checkin.locator('.ck-won')).toContainText('Gems');
  await checkin.getByRole('button', { name: 'Close' }).last().click();

  await page.locator('[data-user-area]').hover();
  await expect(page.locator('[data-user-card] [data-user-nick]')).toHaveText('SkyRider');
  const paths = api.map((a) => a.path);
  expect(paths).toEqual(
    expect.arrayContaining(['/api/captcha_path', '/api/user/login', '/api/checkin/checkinToday']),
  );
  expect(api.filter((a) => !a.sealed)).toEqual([]);
});
