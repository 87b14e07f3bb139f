/** Anchor status of the logged-in user and the header's start-live rule (spec §4). */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { anchorApi, type AnchorStatus } from '../anchor/api.ts';
import { openDialog, openLogin } from './dialogs.ts';
import { $loggedIn, $userId } from './session.ts';

export type { AnchorStatus } from '../anchor/api.ts';

/** True while the logged-in user is broadcasting (false when logged out). */
export const $anchorLive = atom(false);

/** Checks the anchor status; only when logged in, otherwise the live flag is false. */
export async function checkAnchorStatus(): Promise<AnchorStatus | null> {
  if (!$loggedIn.get()) {
    $anchorLive.set(false);
    return null;
  }
  const status = await send(anchorApi.status);
  $anchorLive.set(status.is_live === 1);
  return status;
}

/**
 * The header's start-live button: logged out opens login; not an anchor goes to the apply page;
 * an anchor already live goes to their own room; otherwise the live settings dialog opens.
 */
export async function startLiveFromHeader(): Promise<void> {
  if (!$loggedIn.get()) {
    openLogin();
    return;
  }
  const status = await checkAnchorStatus();
  if (!status || status.is_anchor !== 1) location.assign('/user-center/apply-anchor');
  else if (status.is_live === 1) location.assign(`/liveMatchesTwo/${$userId.get()}`);
  else openDialog('liveSettings');
}
