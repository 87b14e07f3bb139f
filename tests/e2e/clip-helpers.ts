/** What the browser journeys do with a clip's page. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Plays the clip on its page (muted) until it has advanced past 1 s; its length in seconds. */
export async function playClip(page: Page): Promise<number> {
  const video = page.locator('[data-clip-video]');
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
  return video.evaluate((v: HTMLVideoElement) => v.duration);
}
