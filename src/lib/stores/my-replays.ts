/**
 * "My replays" in the anchor centre: a page of the anchor's recorded lives with hide, show and
 * delete. The tab only subscribes and calls these; asking before a delete is the tab's.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { createI18n } from '../i18n/index.ts';
import { replaysApi, type MyReplayPage } from '../replays/api.ts';
import { $locale } from './locale.ts';
import { showToast } from './toast.ts';
import type { ListState } from './wallet.ts';

export type { MyReplay, MyReplayPage } from '../replays/api.ts';

/** The page shown, with its load state. */
export const $myReplays = atom<{ data: MyReplayPage | null; status: ListState }>({
  data: null,
  status: { state: 'idle' },
});
/** Ids of replays with a change on its way (their buttons wait). */
export const $myReplaysBusy = atom<number[]>([]);

let seq = 0;

/** Loads page `page` of the anchor's replays. */
export async function loadMyReplays(page = 1): Promise<void> {
  const mine = ++seq;
  $myReplays.set({ data: $myReplays.get().data, status: { state: 'loading' } });
  try {
    const data = await send(replaysApi.mine, { page });
    if (mine === seq) $myReplays.set({ data, status: { state: 'ready' } });
  } catch (error) {
    if (mine === seq) {
      $myReplays.set({
        data: $myReplays.get().data,
        status: { state: 'error', message: (error as Error).message },
      });
    }
  }
}

async function change(id: number, work: () => Promise<void>): Promise<void> {
  $myReplaysBusy.set([...$myReplaysBusy.get(), id]);
  try {
    await work();
  } catch (error) {
    showToast(error instanceof Error ? error.message : String(error), 'error');
  } finally {
    $myReplaysBusy.set($myReplaysBusy.get().filter((busy) => busy !== id));
  }
}

/** Hides replay `id` from everyone else (true) or shows it again (false). */
export function setMyReplayHidden(id: number, hidden: boolean): Promise<void> {
  return change(id, async () => {
    await send(replaysApi.hide, { replay_id: id, hidden: hidden ? 1 : 0 });
    const current = $myReplays.get();
    if (current.data) {
      const list = current.data.list.map((r) =>
        r.id === id ? { ...r, hidden: hidden ? 1 : 0 } : r,
      );
      $myReplays.set({ ...current, data: { ...current.data, list } });
    }
    const t = createI18n($locale.get());
    showToast(t(hidden ? 'recordings.mine.hiddenDone' : 'recordings.mine.shownDone'), 'success');
  });
}

/** Deletes replay `id` and its video, then reloads the page shown. */
export function deleteMyReplay(id: number): Promise<void> {
  return change(id, async () => {
    await send(replaysApi.remove, { replay_id: id });
    showToast(createI18n($locale.get())('recordings.mine.deletedDone'), 'success');
    await loadMyReplays($myReplays.get().data?.page ?? 1);
  });
}
