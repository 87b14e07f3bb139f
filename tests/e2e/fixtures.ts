/**
 * Playwright fixtures: one real server per worker, started in process on a free port with a
 * temporary DATA_DIR, so tests can also reach its database (e.g. to flip a config switch).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { eq } from 'drizzle-orm';
import { appConfig } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer, type RunningServer } from '../../src/server/main.ts';
import { getRuntime, type Runtime } from '../../src/server/runtime.ts';
import type { SmsMessage } from '../../src/server/sms/index.ts';

/** Worker fixtures: the server, its runtime, and the SMS lines it printed on stdout. */
interface WorkerFixtures {
  server: RunningServer & { rt: Runtime; sms: SmsMessage[] };
  /**
   * Environment added to the server's (none by default): a spec that needs another setting
   * overrides it, and its journeys run in a worker with a server of their own.
   */
  serverEnv: Record<string, string>;
}

/** Test fixtures: the Content-Security-Policy violations the test's pages reported. */
interface TestFixtures {
  cspViolations: string[];
}

/** Contexts whose console is already watched (the default one may be created either way). */
const watched = new WeakSet<BrowserContext>();

/**
 * Runs in every page before its scripts: writes each policy violation the page reports to the
 * console too. A refusal that the page's code catches (a probe for `new Function`, say) is only
 * reported as an event, never written to the console by Chromium.
 */
function reportViolations(): void {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(
      `Content Security Policy violation reported: ${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
    );
  });
}

/** Notes in `violations` every CSP refusal Chromium writes to the console of `context`'s pages. */
async function watchCsp(context: BrowserContext, violations: string[]): Promise<BrowserContext> {
  if (watched.has(context)) return context;
  watched.add(context);
  await context.addInitScript(reportViolations);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) {
      violations.push(`${message.page()?.url() ?? 'worker'}: ${message.text()}`);
    }
  });
  return context;
}

/** The test object with the server fixture and baseURL pointing at it. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ serverEnv }, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-e2e-'));
      const running = await startServer(
        readEnv({
          ...process.env,
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_REQUESTS: '0',
          // Where an RTMP ingest started by a test takes control calls (never a real one).
          RTMP_CONTROL_PORT: String(await freePort()),
          // Where a WebRTC ingest started by a test listens (the site passes /whip and /whep there).
          WEBRTC_PORT: String(await freePort()),
          ...serverEnv,
        }),
      );
      // Read SMS codes where a person would: the console provider's JSON lines on stdout
      // (the server runs in this worker process, so its stdout is ours).
      const rt = getRuntime();
      // The check-in dialog would open over the first page of every logged-in journey; it opens
      // by itself only in the journey about it (engagement.spec), which turns this back to 1.
      await rt.db
        .update(appConfig)
        .set({ value: 0 })
        .where(eq(appConfig.key, 'dialog_daily_times'));
      const sms: SmsMessage[] = [];
      const write = process.stdout.write.bind(process.stdout);
      process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
        for (const line of String(chunk).split('\n')) {
          if (!line.startsWith('{"event":"sms"')) continue;
          const { mobile, code, purpose } = JSON.parse(line) as SmsMessage;
          sms.push({ mobile, code, purpose });
        }
        return write(chunk, ...rest);
      };
      await use({ ...running, rt, sms });
      process.stdout.write = write;
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  // Every journey also proves that the site passes its own Content-Security-Policy: refusals
  // are collected from the test's own context and from every context it opens (viewers in two
  // windows, a guest beside a member), and any one fails the test.
  cspViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => watchCsp(await newContext(options), violations);
      await use(violations);
      // The prototype's method again (the browser serves the worker's next tests).
      Reflect.deleteProperty(browser, 'newContext');
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, cspViolations }, use) => use(await watchCsp(context, cspViolations)),
  page: async ({ page }, use) => {
    await trackToasts(page);
    await use(page);
  },
});

/** Where each page keeps the toasts it showed, oldest first (survives reloads in the tab). */
const TOAST_LOG = 'e2e-toasts';

/**
 * Runs in every page before its scripts: notes each toast's text as it is shown. A toast stays
 * 1.5 s, which a busy machine can spend on one screenshot, so tests read this log instead of
 * racing the element.
 */
function recordToasts(key: string): void {
  new MutationObserver((records) => {
    // One show is one callback: the view sets hidden and the text together.
    const el = records
      .map((r) => (r.target instanceof Element ? r.target : r.target.parentElement))
      .map((t) => t?.closest<HTMLElement>('[data-toast]'))
      .find(Boolean);
    if (!el || el.hidden || !el.textContent) return;
    const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    sessionStorage.setItem(key, JSON.stringify([...log, el.textContent]));
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden'],
  });
}

/** Keeps a log of the toasts this page shows, for expectToast (the page fixture does this). */
export async function trackToasts(page: Page): Promise<void> {
  await page.addInitScript(recordToasts, TOAST_LOG);
}

/** The toasts this tab has shown and no test has taken yet. */
export function shownToasts(page: Page): Promise<string[]> {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[],
    TOAST_LOG,
  );
}

/**
 * Waits until the tab has shown a toast with this text (even one already gone), then takes it
 * and those before it from the log, so the next call waits for a new one.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const matches = (t: string) => (typeof text === 'string' ? t === text : text.test(t));
  await expect
    .poll(async () => (await shownToasts(page)).some(matches), { message: `toast ${text}` })
    .toBe(true);
  await page.evaluate(
    ([key, source, flags]) => {
      const log = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      const re = flags === null ? null : new RegExp(source, flags);
      const at = log.findIndex((t) => (re ? re.test(t) : t === source));
      sessionStorage.setItem(key, JSON.stringify(log.slice(at + 1)));
    },
    [
      TOAST_LOG,
      typeof text === 'string' ? text : text.source,
      typeof text === 'string' ? null : text.flags,
    ] as const,
  );
}

export { expect };

/** A loopback port that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Screens go to test-results/screens and into the report; `fullPage: false` for open dialogs. */
export async function screenshot(
  page: Page,
  info: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = path.resolve('test-results/screens');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // From the top, so the sticky header sits where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage });
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

/** Signs a demo account in through the API and reloads, as if it had logged in; its token. */
export async function signIn(page: Page, mobile: string): Promise<string> {
  const res = await page.request.post('/api/user/login', {
    data: { account: mobile, pwd: 'demo1234', platform: 0, login_type: 1, source_id: 10001 },
  });
  const { data } = (await res.json()) as { data: { token: string; id: number } };
  await page.evaluate((d) => {
    localStorage.setItem('token', d.token);
    localStorage.setItem('id', String(d.id));
    localStorage.setItem('userInfo', JSON.stringify({ ...d, token: undefined }));
  }, data);
  await page.reload();
  return data.token;
}

/**
 * A second window: a new browser context of `width` × 900 in `locale`, opened at `path`, signed
 * in as `mobile` (or a guest for null), its toasts logged like the test's own page.
 */
export async function openWindow(
  browser: Browser,
  baseURL: string,
  path: string,
  mobile: string | null,
  { width = 1440, locale = 'en-US' }: { width?: number; locale?: 'en-US' | 'zh-CN' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL });
  const page = await context.newPage();
  await trackToasts(page);
  await useLocale(page, baseURL, locale);
  await page.goto(path);
  if (mobile) await signIn(page, mobile);
  return page;
}

/** The next captcha challenge the page receives (test_x is there under CAPTCHA_TEST_SOLUTION=1). */
export const nextChallenge = (page: Page) =>
  page
    .waitForResponse((r) => r.url().endsWith('/api/captcha_path'))
    .then((r) => r.json() as Promise<{ data: { test_x: number } }>);

/** Drags the slider with the mouse to test_x (natural px) mapped onto the 480 px picture. */
export async function solveCaptcha(page: Page, challenge: ReturnType<typeof nextChallenge>) {
  const { data } = await challenge;
  await expect(page.locator('.captcha-piece')).toBeVisible();
  const handle = (await page.locator('.captcha-handle').boundingBox())!;
  const picture = (await page.locator('.captcha-picture').boundingBox())!;
  const scale = picture.width / 480;
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + ((data.test_x * 480) / 590) * scale, y, { steps: 10 });
  await page.mouse.up();
  await expect(page.locator('.captcha-flash.ok')).toBeVisible();
}

/** No serious or critical axe violations (WCAG 2 A and AA) on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  // No transitions while axe reads the page: a control bar fading out on its idle timer would
  // otherwise be measured half transparent (colour contrast) at whatever moment the timer fires.
  // A constructed stylesheet, which the site's Content-Security-Policy allows (a <style> it would not).
  const still = await page.evaluateHandle(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
    .finally(() =>
      still.evaluate((sheet) => {
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      }),
    );
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}
