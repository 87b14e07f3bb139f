/**
 * The user's own profile in the browser: the card (getProfile), nickname and avatar changes, the
 * password (set, or changed with the current one or an SMS code after the slider) and the watch
 * history. Each change updates the stored user info, so the header shows it at once.
 */
import { atom } from 'nanostores';
import { send, sendForEnvelope } from '../api/client.ts';
import { API_STATUS } from '../api/envelope.ts';
import type { Profile, WatchPage } from '../profile-api.ts';
import { profileApi, type SetPasswordParams } from '../profile/api.ts';
import type { UserInfo } from '../user-info.ts';
import { openCaptcha } from './account.ts';
import { $userInfo } from './session.ts';
import { uploadImage } from './studio.ts';

export type { Profile, WatchEntry, WatchPage } from '../profile-api.ts';

/** The profile; null until loaded. */
export const $profile = atom<Profile | null>(null);
/** Seconds until another password code may be sent. */
export const $passwordCodeWait = atom(0);

function takeInfo(info: UserInfo): void {
  $userInfo.set({ ...$userInfo.get(), ...info });
  const profile = $profile.get();
  if (profile) $profile.set({ ...profile, ...info });
}

/** Loads the profile. */
export async function loadProfile(): Promise<void> {
  const profile = await send(profileApi.profile);
  $profile.set(profile);
  $userInfo.set({ ...$userInfo.get(), ...profile });
}

/** Saves a nickname; the profile is read again for the new lock date. */
export async function saveNickname(nickName: string): Promise<void> {
  takeInfo(await send(profileApi.updateNickname, { nick_name: nickName }));
  await loadProfile();
}

/** Uploads a picture as an avatar (cropped square on the server) and sets it. */
export async function saveAvatar(file: File): Promise<void> {
  const url = await uploadImage(file, 'avatar', () => {});
  takeInfo(await send(profileApi.updateAvatar, { avatar: url }));
}

let waitTimer: ReturnType<typeof setInterval> | undefined;

/** Sends a password code to the account's phone once the slider is passed; 60 s between codes. */
export function sendPasswordCode(done: (error: string | null) => void): void {
  openCaptcha(() => {
    send(profileApi.sendPasswordCode).then(
      () => {
        clearInterval(waitTimer);
        $passwordCodeWait.set(60);
        waitTimer = setInterval(() => {
          const left = $passwordCodeWait.get() - 1;
          $passwordCodeWait.set(Math.max(0, left));
          if (left <= 0) clearInterval(waitTimer);
        }, 1000);
        done(null);
      },
      (err: unknown) => done(err instanceof Error ? err.message : String(err)),
    );
  });
}

/** Sets or changes the password; resolves with the server's message. */
export async function savePassword(body: SetPasswordParams): Promise<string> {
  const envelope = await sendForEnvelope(profileApi.setPassword, body);
  if (envelope.status !== API_STATUS.ok) throw new Error(envelope.msg);
  const profile = $profile.get();
  if (profile) $profile.set({ ...profile, has_password: true });
  return envelope.msg;
}

/** A page of the watch history. */
export function loadWatchHistory(page: number, size = 12): Promise<WatchPage> {
  return send(profileApi.watchHistory, { page, size });
}

/** Clears the watch history. */
export async function clearHistory(): Promise<void> {
  await send(profileApi.clearWatchHistory);
}
