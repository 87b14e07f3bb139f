/**
 * Whether the logged-in user holds the editor grant (content and the match desk), for the staff
 * links only: asked once per login and kept for the browser session; the server checks the grant
 * on every call.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { newsroomApi } from '../content/api.ts';
import { $isAdmin, $loggedIn, $userId } from './session.ts';

const KEY = 'editorGrant';

/** True when the logged-in user may edit content (administrators too). */
export const $isEditor = atom(false);

/** Starts following the login: asks the server once per user and browser session. */
export function followEditorGrant(): void {
  const check = () => {
    const id = $userId.get();
    if (!$loggedIn.get() || id === undefined) {
      $isEditor.set(false);
      return;
    }
    // Administrators see every staff link by their role: nothing to ask.
    if ($isAdmin.get()) {
      $isEditor.set(true);
      return;
    }
    const kept = sessionStorage.getItem(KEY);
    if (kept?.startsWith(`${id}:`)) {
      $isEditor.set(kept.endsWith(':1'));
      return;
    }
    send(newsroomApi.me)
      .then(({ editor }) => {
        sessionStorage.setItem(KEY, `${id}:${editor ? 1 : 0}`);
        if ($userId.get() === id) $isEditor.set(editor);
      })
      .catch(() => $isEditor.set(false));
  };
  $userId.listen(check);
  $isAdmin.listen(check);
  check();
}

/** Forgets the kept answer (after the role was granted or taken back in this browser). */
export function forgetEditorGrant(): void {
  sessionStorage.removeItem(KEY);
}
