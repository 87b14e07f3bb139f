import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// The in-process test server reads these (workers inherit the runner's environment).
process.env.LIVE_HOME_HOSTS ??= 'live.arena.test';
// Development switch: captcha_path also returns the right x so journeys can pass the slider.
process.env.CAPTCHA_TEST_SOLUTION = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // A slow machine (two cores shared by the server, Chromium, ffmpeg) is not a failure: what a
  // journey waits for must come, 10 s is the most it may take.
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: 'playwright-report', open: 'never' }],
    ['json', { outputFile: 'test-results/playwright.json' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
});
