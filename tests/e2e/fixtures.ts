/**
 * Playwright fixtures: one real server per worker, started in process on a free port with a
 * temporary DATA_DIR, so tests can also reach its database (e.g. to flip a config switch).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, type Page, type TestInfo } from '@playwright/test';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { getRuntime, type Runtime } from '../../src/server/runtime.ts';
import type { SmsMessage } from '../../src/server/sms/index.ts';

/** Worker fixtures. */
interface WorkerFixtures {
  server: RunningServer & { rt: Runtime; sms: SmsMessage[] };
}

/** The test object with the server fixture and baseURL pointing at it. */
export const test = base.extend<object, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-e2e-'));
      const running = await startServer(
        readEnv({
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_REQUESTS: '0',
        }),
      );
      // Keep every SMS the server sends (it still prints them as the console provider does).
      const rt = getRuntime();
      const sms: SmsMessage[] = [];
      const provider = rt.sms;
      rt.sms = {
        send: async (message) => {
          sms.push(message);
          await provider.send(message);
        },
      };
      await use({ ...running, rt, sms });
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';

/** Screens go to test-results/screens and into the report. */
export async function screenshot(page: Page, info: TestInfo, name: string): Promise<void> {
  const dir = path.resolve('test-results/screens');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // From the top, so the sticky header sits where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

/** Sets the locale cookie before the first page load. */
export async function useLocale(
  page: Page,
  baseURL: string,
  locale: 'en-US' | 'zh-CN',
): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: locale, url: baseURL }]);
}
