/**
 * Clips: asking for one and following its cut until it is ready (the clip dialog), counting a
 * view (the clip page), copying its link and removing one (the lists). Islands call these only.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { clipsApi, type Clip, type ClipCreateParams } from '../clips/api.ts';
import { createI18n } from '../i18n/index.ts';
import { $locale } from './locale.ts';
import { showToast } from './toast.ts';

export type { Clip, ClipCreateParams } from '../clips/api.ts';

/** The clip being made in the dialog. */
export type ClipJob =
  | { state: 'idle' }
  | { state: 'cutting'; id: number | null }
  | { state: 'ready'; clip: Clip }
  | { state: 'error'; message: string };

export const $clipJob = atom<ClipJob>({ state: 'idle' });

/** How often a clip being cut is asked about, and for how long at most. */
const POLL_MS = 600;
const POLL_LIMIT_MS = 90_000;

let job = 0;

const t = () => createI18n($locale.get());
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for a clip and follows it until it is ready or failed ($clipJob). */
export async function makeClip(params: ClipCreateParams): Promise<void> {
  const mine = ++job;
  $clipJob.set({ state: 'cutting', id: null });
  try {
    const { id } = await send(clipsApi.create, params);
    if (mine !== job) return;
    $clipJob.set({ state: 'cutting', id });
    const until = Date.now() + POLL_LIMIT_MS;
    while (Date.now() < until) {
      await wait(POLL_MS);
      if (mine !== job) return;
      const clip = await send(clipsApi.one, { clip_id: id });
      if (clip.status === 'ready') return void $clipJob.set({ state: 'ready', clip });
      if (clip.status === 'failed') break;
    }
    $clipJob.set({ state: 'error', message: t()('clips.make.failed') });
  } catch (error) {
    if (mine === job) $clipJob.set({ state: 'error', message: (error as Error).message });
  }
}

/** Forgets the dialog's clip (closing it). */
export function resetClip(): void {
  job += 1;
  $clipJob.set({ state: 'idle' });
}

/** Views of the clip on screen; null until counted. */
export const $clipViews = atom<number | null>(null);

/** Counts one view of clip `id`; the server limits repeats per viewer. */
export async function countClipView(id: number): Promise<void> {
  try {
    $clipViews.set((await send(clipsApi.view, { clip_id: id })).views);
  } catch {
    // A lost count is not worth bothering the viewer about.
  }
}

/** True when the viewer may remove clip `id` (asked with their session, if any). */
export async function mayRemoveClip(id: number): Promise<boolean> {
  try {
    return (await send(clipsApi.one, { clip_id: id })).can_remove === 1;
  } catch {
    return false;
  }
}

/** Copies `url` and says so. */
export async function copyClipLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    showToast(t()('clips.page.copied'), 'success');
  } catch {
    showToast(t()('liveRoom.copyFailed'), 'error');
  }
}

/** Removes clip `id`; true when it is gone. */
export async function removeClip(id: number): Promise<boolean> {
  try {
    await send(clipsApi.remove, { clip_id: id });
    showToast(t()('clips.list.removed'), 'success');
    return true;
  } catch (error) {
    showToast((error as Error).message, 'error');
    return false;
  }
}
