/**
 * The anchor application form (spec §3, §8), shared by the apply page and the API: live type,
 * live experience, real name, contact, resident ID with its checksum, ID photo, a profile of at
 * least 15 words, a verified phone, an optional introducer and the live agreement consent; and
 * the applications as the API answers them.
 */
import { z } from 'zod';
import { mobileSchema, smsCodeSchema } from './account.ts';
import { showsSomething } from './text.ts';

/** Live experience choices: none, under a year, one to three years, over three years. */
export const EXPERIENCES = [0, 1, 2, 3] as const;
/** Fewest words a profile needs. */
export const PROFILE_MIN_WORDS = 15;
/** Longest profile, characters. */
export const PROFILE_MAX = 500;
/** The live-streaming agreement the applicant consents to (/protocol/3/web). */
export const LIVE_AGREEMENT_PATH = '/protocol/3/web';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK = '10X98765432';

/** True for an 18-character PRC resident ID whose birth date and check character are right. */
export function isResidentId(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(id[i]), 0);
  return ID_CHECK[sum % 11] === id[17];
}

/** The ID number as it may be shown: the first and last four characters, ten stars between. */
export function maskIdNumber(value: string): string {
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Words of a profile: each CJK character is one, other words are separated by spaces. */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text
    .replace(CJK, ' ')
    .split(/[\s\p{P}]+/u)
    .filter((w) => w.length > 0).length;
  return cjk + rest;
}

const text = (min: number, max: number, minKey: string, maxKey = 'validation.tooLong') =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(showsSomething, { error: 'validation.required' })
    .min(min, { error: minKey })
    .max(max, { error: maxKey });

/** The code request of the application: the phone to verify. */
export const anchorApplyCodeSchema = z.object({ mobile: mobileSchema });

/** POST /api/user/anchor_apply. */
export const anchorApplySchema = z.object({
  /** Live type: a secondary category id. */
  live_type: z.coerce
    .number({ error: 'anchorApply.errors.liveType' })
    .int({ error: 'anchorApply.errors.liveType' })
    .min(1, { error: 'anchorApply.errors.liveType' })
    .max(2_147_483_647, { error: 'anchorApply.errors.liveType' }),
  /** See EXPERIENCES. */
  experience: z.coerce
    .number({ error: 'anchorApply.errors.experience' })
    .int({ error: 'anchorApply.errors.experience' })
    .min(0, { error: 'anchorApply.errors.experience' })
    .max(3, { error: 'anchorApply.errors.experience' }),
  /** Real name, 2-20 characters. */
  real_name: text(2, 20, 'anchorApply.errors.realName', 'anchorApply.errors.realName'),
  /** WeChat, QQ or e-mail. */
  contact: text(1, 50, 'validation.required'),
  /** Resident ID number, 18 characters with a valid check character. */
  id_number: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .transform((v) => v.toUpperCase())
    .refine(isResidentId, { error: 'anchorApply.errors.idNumber' }),
  /**
   * The ID photo: the private path POST /api/user/file answered for use=id_photo
   * (`/private/YYYY/MM/<hex>.webp`); the server checks the applicant uploaded it.
   */
  id_photo: z
    .string({ error: 'anchorApply.errors.idPhoto' })
    .trim()
    .min(1, { error: 'anchorApply.errors.idPhoto' })
    .max(300, { error: 'validation.tooLong' })
    .regex(/^\/private\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/, {
      error: 'anchorApply.errors.idPhoto',
    }),
  /** Personal profile: at least 15 words, at most 500 characters. */
  profile: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(showsSomething, { error: 'validation.required' })
    .max(PROFILE_MAX, { error: 'validation.tooLong' })
    .refine((v) => countWords(v) >= PROFILE_MIN_WORDS, {
      error: 'anchorApply.errors.profileShort',
      params: { min: PROFILE_MIN_WORDS },
    }),
  /** The phone the code was sent to. */
  mobile: mobileSchema,
  /** Who introduced the applicant; optional. */
  introducer: z
    .string()
    .trim()
    .max(20, { error: 'validation.tooLong' })
    .refine(showsSomething, { error: 'validation.blank' })
    .default(''),
  /** The SMS code sent to `mobile`. */
  code: smsCodeSchema,
  /** Consent to the live-streaming agreement: must be 1. */
  agree: z.coerce.number().refine((v) => v === 1, { error: 'anchorApply.errors.agree' }),
});

/** A valid application. */
export type AnchorApplyForm = z.infer<typeof anchorApplySchema>;

/** POST /api/admin/anchor_applications/reject. */
export const rejectApplicationSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  reason: z
    .string({ error: 'anchorApply.errors.reasonRequired' })
    .trim()
    .min(1, { error: 'anchorApply.errors.reasonRequired' })
    .refine(showsSomething, { error: 'anchorApply.errors.reasonRequired' })
    .max(200, { error: 'validation.tooLong' }),
});

/** POST /api/admin/anchor_applications/approve. */
export const approveApplicationSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** Application state names as the API answers them, indexed by the stored status. */
export const APPLY_STATE = ['verifying', 'verified', 'failed'] as const;
/** One application state name. */
export type ApplyState = (typeof APPLY_STATE)[number];

/** GET /api/admin/anchor_applications. */
export const listApplicationsSchema = z.object({
  status: z.enum(['all', ...APPLY_STATE]).default('verifying'),
});

/** An application as shown to its applicant or an administrator: ID number and phone masked. */
export interface ApplicationView {
  id: number;
  user_id: number;
  nick_name: string;
  status: ApplyState;
  live_type: number;
  live_type_name: string;
  experience: number;
  real_name: string;
  contact: string;
  id_number: string;
  id_photo: string;
  profile: string;
  mobile: string;
  introducer: string;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

/** The applicant's status: not_certified before any application, else the newest one's state. */
export type ApplyStatus =
  | { status: 'not_certified' }
  | { status: ApplyState; reason: string; application: ApplicationView };
