/** The logged-in session as the browser keeps it: local-storage keys token, id and userInfo (spec §3). */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { roleName, USER_ROLE, type RoleName, type UserInfo } from '../user-info.ts';

/** User info stored in local storage under `userInfo` (spec §3). */
export type StoredUserInfo = UserInfo & { sig?: string; token?: string; income?: number };

/** Bearer token (local storage `token`). */
export const $token = persistentAtom<string | undefined>('token', undefined);
/** User id (local storage `id`). */
export const $userId = persistentAtom<string | undefined>('id', undefined);
/** User info (local storage `userInfo`). */
export const $userInfo = persistentAtom<StoredUserInfo | undefined>('userInfo', undefined, {
  encode: (value) => JSON.stringify(value),
  decode: (text) => {
    try {
      return (JSON.parse(text) as StoredUserInfo | null) ?? undefined;
    } catch {
      return undefined;
    }
  },
});
/** True when a token is present. */
export const $loggedIn = computed($token, (token) => Boolean(token));
/** True for an administrator (only shows the way in: the server checks the role on every call). */
export const $isAdmin = computed(
  [$loggedIn, $userInfo],
  (loggedIn, info) => loggedIn && info?.role === USER_ROLE.admin,
);

/** The logged-in user's role by name; undefined for a guest (shows staff links, never grants). */
export const $role = computed([$loggedIn, $userInfo], (loggedIn, info): RoleName | undefined =>
  loggedIn ? roleName(info?.role) : undefined,
);

/** True when the logged-in user is an anchor (the anchor centre link shows). */
export const $isAnchor = computed(
  [$loggedIn, $userInfo],
  (loggedIn, info) => loggedIn && info?.role === USER_ROLE.anchor,
);

/** Saves what login or registration returned. */
export function saveSession(token: string, id: number): void {
  $token.set(token);
  $userId.set(String(id));
}

/** Forgets the session: removes token, id and userInfo (with its diamond and gold) from local storage (spec §8). */
export function clearSession(): void {
  $token.set(undefined);
  $userId.set(undefined);
  $userInfo.set(undefined);
}

/** True while chat in the live room is connected (the live room sets it). */
export const $chatReady = atom(false);

/** Reads token, id and userInfo again from local storage (another tab may have changed them). */
export function restoreSessionFromStorage(): void {
  $token.set(localStorage.getItem('token') ?? undefined);
  $userId.set(localStorage.getItem('id') ?? undefined);
  const raw = localStorage.getItem('userInfo');
  try {
    $userInfo.set(raw ? ((JSON.parse(raw) as StoredUserInfo | null) ?? undefined) : undefined);
  } catch {
    $userInfo.set(undefined);
  }
}
