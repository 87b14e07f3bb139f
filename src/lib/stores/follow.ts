/** Following the anchor of the page: state, follower count and the toggle (spec §5 follow rules). */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { followsApi, type FollowState, type FollowedAnchor } from '../follows/api.ts';
import { createI18n } from '../i18n/index.ts';
import { openLogin } from './dialogs.ts';
import { $locale } from './locale.ts';
import { $loggedIn, $userId } from './session.ts';
import { showToast } from './toast.ts';

/** Follow state of the current anchor: type 1 followed (spec §4), and its follower count. */
export const $follow = atom<FollowState | null>(null);

/** Loads the state for `anchorId`. */
export async function loadFollow(anchorId: number): Promise<void> {
  $follow.set(await send(followsApi.state, { anchorid: anchorId }));
}

/** Follows or unfollows; guests are asked to log in, and nobody can follow themselves. */
export async function toggleFollow(anchorId: number): Promise<void> {
  if (!$loggedIn.get()) {
    openLogin();
    return;
  }
  const t = createI18n($locale.get());
  if ($userId.get() === String(anchorId)) {
    showToast(t('liveRoom.cantFollowSelf'), 'error');
    return;
  }
  try {
    $follow.set(await send(followsApi.toggle, { anchorid: anchorId }));
  } catch (error) {
    showToast(error instanceof Error ? error.message : String(error), 'error');
  }
}

/** The anchors the caller follows, live first (/user-center/focus). */
export async function loadFollowList(): Promise<FollowedAnchor[]> {
  return (await send(followsApi.list)).list;
}

/** Unfollows an anchor listed as followed (the call toggles, so only for a followed one). */
export async function unfollow(anchorId: number): Promise<void> {
  await send(followsApi.toggle, { anchorid: anchorId });
}
