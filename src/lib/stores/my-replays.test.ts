// @vitest-environment happy-dom
/** "My replays" store: loading a page, hiding in place, deleting with a reload, and refusals. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as client from '../api/client.ts';
import {
  $myReplays,
  $myReplaysBusy,
  deleteMyReplay,
  loadMyReplays,
  setMyReplayHidden,
  type MyReplay,
} from './my-replays.ts';
import { $toast } from './toast.ts';
import { replaysApi } from '../replays/api.ts';

const api = vi.hoisted(() => ({
  answers: new Map<string, (body: Record<string, unknown>) => Promise<unknown>>(),
  calls: [] as [string, Record<string, unknown>][],
}));

vi.mock('../api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof client>();
  return {
    ...real,
    send: ({ path }: { path: string }, body: Record<string, unknown> = {}) => {
      api.calls.push([path, body]);
      const answer = api.answers.get(path);
      return answer ? answer(body) : Promise.reject(new real.ApiCallError(`no route ${path}`, -1));
    },
  };
});

const row = (id: number, hidden = 0): MyReplay => ({
  id,
  title: `Replay ${id}`,
  cover: '/uploads/2026/11/0123456789abcdef01234567.jpg',
  duration: 6,
  views: 0,
  recorded_at: 1_764_160_000,
  hidden,
});

describe('my replays', () => {
  let rows: MyReplay[];
  beforeEach(() => {
    rows = [row(1), row(2)];
    api.calls.length = 0;
    api.answers.set(replaysApi.mine.path, (body) =>
      Promise.resolve({ list: rows, page: body.page, pages: 1, total: rows.length }),
    );
    api.answers.set(replaysApi.hide.path, () => Promise.resolve({}));
    api.answers.set(replaysApi.remove.path, (body) => {
      rows = rows.filter((r) => r.id !== body.replay_id);
      return Promise.resolve({});
    });
  });
  afterEach(() => cleanStores($myReplays, $myReplaysBusy, $toast));

  it('loads a page and hides and shows a replay in place', async () => {
    await loadMyReplays(1);
    expect($myReplays.get().status.state).toBe('ready');
    expect($myReplays.get().data?.list.map((r) => r.id)).toEqual([1, 2]);
    await setMyReplayHidden(2, true);
    expect(api.calls.at(-1)).toEqual([replaysApi.hide.path, { replay_id: 2, hidden: 1 }]);
    expect($myReplays.get().data?.list.find((r) => r.id === 2)?.hidden).toBe(1);
    expect($toast.get()?.text).toBe('Replay hidden');
    await setMyReplayHidden(2, false);
    expect($myReplays.get().data?.list.find((r) => r.id === 2)?.hidden).toBe(0);
    expect($myReplaysBusy.get()).toEqual([]);
  });

  it('deletes and reloads the page shown', async () => {
    await loadMyReplays(1);
    await deleteMyReplay(1);
    expect($myReplays.get().data?.list.map((r) => r.id)).toEqual([2]);
    expect($toast.get()?.text).toBe('Replay deleted');
  });

  it('shows a refusal and keeps the list', async () => {
    await loadMyReplays(1);
    const { ApiCallError } = await vi.importActual<typeof client>('../api/client.ts');
    api.answers.set(replaysApi.remove.path, () =>
      Promise.reject(new ApiCallError('This replay belongs to another anchor', 1)),
    );
    await deleteMyReplay(1);
    expect($toast.get()).toMatchObject({
      text: 'This replay belongs to another anchor',
      kind: 'error',
    });
    expect($myReplays.get().data?.list).toHaveLength(2);
    expect($myReplaysBusy.get()).toEqual([]);
  });

  it('keeps the last page when a reload fails', async () => {
    await loadMyReplays(1);
    api.answers.set(replaysApi.mine.path, () => Promise.reject(new Error('offline')));
    await loadMyReplays(1);
    expect($myReplays.get()).toMatchObject({ status: { state: 'error', message: 'offline' } });
    expect($myReplays.get().data?.list).toHaveLength(2);
  });
});
