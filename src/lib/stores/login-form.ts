/**
 * The login dialog's form state (spec §2, §4): the mode, the forgot-password wizard's step, the
 * typed fields with their formats, the password toggles, the red line, the code countdown and the
 * busy flag, and the rule that enables the main button. The calls that change them on the
 * server's answer are in account.ts.
 */
import { atom, map } from 'nanostores';
import { formatCodeInput, formatPhoneInput } from '../validation/account.ts';

/** 2 SMS code (default), 1 password, 3 forgot password. */
export type LoginMode = 1 | 2 | 3;
/** Step of the forgot-password wizard: 1 verify phone, 2 new password, 3 done. */
export type ForgotStep = 1 | 2 | 3;
/** The login form of spec §3. */
export type LoginForm = {
  phone: string;
  code: string;
  passwd: string;
  passwd1: string;
  passwd2: string;
};
/** Password fields that have a show/hide toggle. */
export type PasswordField = 'passwd' | 'passwd1' | 'passwd2';

const EMPTY_FORM: LoginForm = { phone: '', code: '', passwd: '', passwd1: '', passwd2: '' };
const HIDDEN = { passwd: false, passwd1: false, passwd2: false };

/** Current mode. */
export const $loginMode = atom<LoginMode>(2);
/** Step of the forgot-password wizard. */
export const $forgotStep = atom<ForgotStep>(1);
/** The form, as typed (formatted); values are trimmed when used. */
export const $loginForm = map<LoginForm>({ ...EMPTY_FORM });
/** Which password fields show their text. */
export const $passwordVisible = map<Record<PasswordField, boolean>>({ ...HIDDEN });
/** The red line under the form. */
export const $loginError = atom('');
/** Seconds left before a code can be sent again; 0 when it can. */
export const $countdown = atom(0);
/** True once a code was sent (the button then reads 'resend'). */
export const $codeSent = atom(false);
/** A request of the dialog is under way. */
export const $loginBusy = atom(false);

/** Sets a field, applying the phone (3-4-4, max 13) and code (digits, max 4) formats. */
export function setLoginField(field: keyof LoginForm, value: string): void {
  const formatted =
    field === 'phone' ? formatPhoneInput(value) : field === 'code' ? formatCodeInput(value) : value;
  $loginForm.setKey(field, formatted);
  $loginError.set('');
}

/** Shows or hides a password field. */
export function togglePasswordVisible(field: PasswordField): void {
  $passwordVisible.setKey(field, !$passwordVisible.get()[field]);
}

/** Switches between code (2), password (1) and forgot (3) modes; the wizard starts at step 1. */
export function setLoginMode(mode: LoginMode): void {
  $loginMode.set(mode);
  $forgotStep.set(1);
  $loginError.set('');
}

/** 'Return to previous step': wizard step 2 back to step 1. */
export function backToPhoneStep(): void {
  $forgotStep.set(1);
  $loginError.set('');
}

/** Mode back to 2, the wizard to step 1, the form, toggles and red line cleared. */
export function resetLoginForm(): void {
  $loginMode.set(2);
  $forgotStep.set(1);
  $loginForm.set({ ...EMPTY_FORM });
  $passwordVisible.set({ ...HIDDEN });
  $loginError.set('');
}

/** After a password reset: the code and passwords cleared and hidden, the phone kept. */
export function clearSecrets(): void {
  $loginForm.set({ ...$loginForm.get(), code: '', passwd: '', passwd1: '', passwd2: '' });
  $passwordVisible.set({ ...HIDDEN });
}

/** Whether the main button is enabled (spec §4): phone and code, phone and password, both new passwords. */
export function canSubmit(mode: LoginMode, step: ForgotStep, form: LoginForm): boolean {
  const filled = (...values: string[]) => values.every((v) => v.trim() !== '');
  if (mode === 1) return filled(form.phone, form.passwd);
  if (mode === 3 && step === 2) return filled(form.passwd1, form.passwd2);
  return filled(form.phone, form.code);
}
