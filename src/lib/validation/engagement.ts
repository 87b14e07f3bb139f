/**
 * Request schemas of the check-in, lottery, profile and watch history calls, shared by the pages
 * and the API. Messages are i18n keys.
 */
import { z } from 'zod';
import { hasStaffWord, normaliseNickname } from '../rules/nickname.ts';
import { newPasswordSchema, smsCodeSchema } from './account.ts';
import { wholeNumber } from './numbers.ts';

/** Largest page size of the history calls. */
export const HISTORY_PAGE_MAX = 50;

/** A history page: page from 1, size 1-50 (20 when left out). */
export const historyPageRequest = z.object({
  page: wholeNumber(1, 100_000).default(1),
  size: wholeNumber(1, HISTORY_PAGE_MAX).default(20),
});

/** Calls that take no fields (an empty body or `{}`). */
export const emptyRequest = z.object({});

/** Nickname length in characters (spec §5, §9). */
export const NICKNAME_LENGTH = { min: 2, max: 8 } as const;

/** Days between two nickname changes (spec §5: blocked if changed within 7 days). */
export const NICKNAME_LOCK_DAYS = 7;

/** Characters of a string as a reader counts them (an emoji is one). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

/**
 * A new nickname: NFKC, invisible characters out, trimmed, inner spaces collapsed, 2-8
 * characters, no staff words (the server compares look-alikes of them and of other users' names
 * too). A name of invisible characters only is empty.
 */
export const nicknameSchema = z
  .string({ error: 'engagement.profile.nickRequired' })
  .transform(normaliseNickname)
  .pipe(
    z
      .string()
      .min(1, { error: 'engagement.profile.nickRequired' })
      .refine((v) => charCount(v) >= NICKNAME_LENGTH.min && charCount(v) <= NICKNAME_LENGTH.max, {
        error: 'engagement.profile.nickLength',
      })
      .refine((v) => !hasStaffWord(v), { error: 'engagement.profile.nickReserved' }),
  );

/** POST /api/user/updateNickname. */
export const updateNicknameRequest = z.object({ nick_name: nicknameSchema });

/** POST /api/user/updateAvatar: a path of an image uploaded here with use=avatar. */
export const updateAvatarRequest = z.object({
  avatar: z
    .string({ error: 'engagement.profile.avatarInvalid' })
    .trim()
    .max(200, { error: 'engagement.profile.avatarInvalid' }),
});

/**
 * POST /api/user/setPassword: the new password (forgot-password rules) and, when the account
 * has one already, the current password (old_pwd) or an SMS code sent to the account's phone.
 */
export const setPasswordRequest = z.object({
  pwd: newPasswordSchema,
  old_pwd: z.string({ error: 'validation.required' }).trim().max(64).optional(),
  code: smsCodeSchema.optional(),
});
