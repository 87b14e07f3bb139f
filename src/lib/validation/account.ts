/**
 * Account rules of spec §5, shared by the login dialog and the accounts API. Messages are i18n
 * keys (spec §8 wording); inputs are trimmed first.
 */
import { z } from 'zod';
import { INT4_MAX, wholeNumber } from './numbers.ts';

/** Mainland mobile: 11 digits, 1, then 3-9, then 9 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/** Removes the display spaces of a formatted phone (3-4-4). */
export function phoneDigits(value: string): string {
  return value.replace(/\s+/g, '');
}

/** Formats digits as 3-4-4 with spaces, digits only, at most 13 characters. */
export function formatPhoneInput(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  return [d.slice(0, 3), d.slice(3, 7), d.slice(7)].filter(Boolean).join(' ');
}

/** Keeps digits only, at most `max` (formatter 6, field 4). */
export function formatCodeInput(value: string, max = 4): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** A phone number: required, mainland format; spaces allowed (removed). */
export const mobileSchema = z
  .string({ error: 'validation.phoneRequired' })
  .trim()
  .transform(phoneDigits)
  .pipe(
    z
      .string()
      .min(1, { error: 'validation.phoneRequired' })
      .regex(MOBILE_PATTERN, { error: 'validation.phoneInvalid' }),
  );

/** An SMS code: required, 4 digits. */
export const smsCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(/^\d{4}$/, { error: 'validation.codeInvalid' });

/** The login password: at least 6 characters with a letter and a digit. */
export const loginPasswordSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .min(6, { error: 'validation.passwordMin' })
  .regex(/[A-Za-z]/, { error: 'validation.passwordMix' })
  .regex(/\d/, { error: 'validation.passwordMix' });

/** A new password: 6 to 12 letters and digits, with at least one of each. */
export const newPasswordSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .min(6, { error: 'validation.passwordMin' })
  .max(12, { error: 'validation.passwordMax' })
  .regex(/^[A-Za-z0-9]+$/, { error: 'validation.passwordMix' })
  .regex(/[A-Za-z]/, { error: 'validation.passwordMix' })
  .regex(/\d/, { error: 'validation.passwordMix' });

/** Both new-password fields of the reset wizard: equal and valid. */
export const newPasswordPairSchema = z
  .object({ passwd1: newPasswordSchema, passwd2: z.string().trim() })
  .refine((v) => v.passwd1 === v.passwd2, {
    error: 'validation.passwordMismatch',
    path: ['passwd2'],
  });

/** POST /api/user/sendCode. */
export const sendCodeRequest = z.object({
  mobile: mobileSchema,
  /** 0 login code, 1 forgot-password code. */
  is_change_mobile: z.union([z.literal(0), z.literal(1)]).default(0),
});

const loginFields = {
  account: mobileSchema,
  platform: wholeNumber(0).default(0),
  source_id: wholeNumber(0).default(10001),
  website: z.string().max(200).default(''),
};

/** POST /api/user/login. `pwd` is the SMS code when login_type is 2, the password when 1. */
export const loginRequest = z.discriminatedUnion('login_type', [
  z.object({ ...loginFields, login_type: z.literal(2), pwd: smsCodeSchema }),
  z.object({ ...loginFields, login_type: z.literal(1), pwd: loginPasswordSchema }),
]);

/** POST /webapi/user/register (after a 301 from login). */
export const registerRequest = z.object({
  account: mobileSchema,
  mobile_hash: z.string().trim().min(1, { error: 'validation.required' }).max(200),
  platform: wholeNumber(0).default(0),
  pwd: z.string().max(0).default(''),
  sex: wholeNumber(0, 2).default(0),
  device_info: z.string().max(128).default(''),
  reg_source_id: z.string().max(32).default(''),
  website: z.string().max(200).default(''),
  /** Live room the user registered from (anchor user id), or 0. */
  anchor_id: z.coerce.number().int().min(0).max(INT4_MAX).default(0),
});

/** POST /api/user/readyForTakeOff: verify a forgot-password code. */
export const readyForTakeOffRequest = z.object({ mobile: mobileSchema, smscode: smsCodeSchema });

/** POST /api/user/forgetPwdHash: set the new password. */
export const forgetPwdHashRequest = z.object({
  mobile: mobileSchema,
  mobile_hash: z.string().trim().min(1, { error: 'validation.required' }).max(200),
  pwd: newPasswordSchema,
});

/** POST /api/captcha_verify: x of the piece on the 590-wide natural image. */
export const captchaVerifyRequest = z.object({
  id: z.string().trim().min(1, { error: 'validation.required' }).max(64),
  x: z.number({ error: 'validation.number' }).finite().min(0).max(590),
});
