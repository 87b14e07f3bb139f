/**
 * The anchor application in the browser: the caller's status, the live types, the code button's
 * countdown, submitting with the shared rules, and the administrators' review list.
 */
import { atom } from 'nanostores';
import { studioApi } from '../studio/api.ts';
import { anchorApplyApi } from '../anchor-apply/api.ts';
import { ApiCallError, send } from '../api/client.ts';
import type { LiveCategory } from '../common-config.ts';
import { createI18n } from '../i18n/index.ts';
import {
  anchorApplyCodeSchema,
  anchorApplySchema,
  rejectApplicationSchema,
  type ApplicationView,
  type ApplyState,
  type ApplyStatus,
} from '../validation/anchor-apply.ts';
import { firstIssueMessage } from '../validation/messages.ts';
import { openCaptcha } from './account.ts';
import { $locale } from './locale.ts';
import { $token } from './session.ts';

/** The form as the page holds it (strings as typed). */
export interface ApplyFormState {
  live_type: string;
  experience: string;
  real_name: string;
  contact: string;
  id_number: string;
  id_photo: string;
  profile: string;
  mobile: string;
  introducer: string;
  code: string;
  agree: boolean;
}

/** An empty form. */
export const EMPTY_APPLY_FORM: ApplyFormState = {
  live_type: '',
  experience: '',
  real_name: '',
  contact: '',
  id_number: '',
  id_photo: '',
  profile: '',
  mobile: '',
  introducer: '',
  code: '',
  agree: false,
};

/** The caller's status; null until loaded. */
export const $applyStatus = atom<ApplyStatus | null>(null);
/** True after "Apply again": the form shows although the last application failed. */
export const $applyRetry = atom(false);
/** Live types to choose from (categories with their secondary categories). */
export const $applyTypes = atom<LiveCategory[]>([]);
/** Seconds until another code may be asked for; 0 when the button is free. */
export const $codeCountdown = atom(0);

const t = () => createI18n($locale.get());

/** Loads the status and the live types. */
export async function loadApply(): Promise<void> {
  const [status, types] = await Promise.all([
    send(anchorApplyApi.status),
    send(studioApi.categories),
  ]);
  $applyTypes.set(types.list);
  $applyStatus.set(status);
}

/** Shows the form again after a refusal. */
export function applyAgain(): void {
  $applyRetry.set(true);
}

let countdownTimer: ReturnType<typeof setInterval> | undefined;

function startCountdown(seconds: number): void {
  clearInterval(countdownTimer);
  $codeCountdown.set(seconds);
  countdownTimer = setInterval(() => {
    const left = $codeCountdown.get() - 1;
    $codeCountdown.set(Math.max(0, left));
    if (left <= 0) clearInterval(countdownTimer);
  }, 1000);
}

/**
 * Sends the application code to `mobile` once the slider is passed (no code goes out without
 * it); `done` gets null when it was sent, or the message to show.
 */
export function sendApplyCode(mobile: string, done: (error: string | null) => void): void {
  const parsed = anchorApplyCodeSchema.safeParse({ mobile });
  if (!parsed.success) {
    done(firstIssueMessage(parsed.error, t()));
    return;
  }
  openCaptcha(() => {
    send(anchorApplyApi.sendCode, parsed.data).then(
      () => {
        startCountdown(60);
        done(null);
      },
      (err: unknown) => done(err instanceof Error ? err.message : String(err)),
    );
  });
}

/** Checks the form with the shared rules: the message of the first problem, or null. */
export function checkApplyForm(form: ApplyFormState): string | null {
  const parsed = anchorApplySchema.safeParse(toPayload(form));
  return parsed.success ? null : firstIssueMessage(parsed.error, t());
}

function toPayload(form: ApplyFormState) {
  return {
    ...form,
    live_type: form.live_type === '' ? undefined : form.live_type,
    experience: form.experience === '' ? undefined : form.experience,
    agree: form.agree ? 1 : 0,
  };
}

/** Submits the application; resolves with the new status, rejects with the message to show. */
export async function submitApply(form: ApplyFormState): Promise<void> {
  const parsed = anchorApplySchema.safeParse(toPayload(form));
  if (!parsed.success) throw new Error(firstIssueMessage(parsed.error, t()));
  const data = await send(anchorApplyApi.submit, parsed.data);
  $applyRetry.set(false);
  $applyStatus.set(data);
}

/** Status filter of the review list. */
export type ReviewFilter = ApplyState | 'all';

/** The review list: loading, refused (not an administrator, with the server's message) or ready. */
export type ReviewState =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; list: ApplicationView[] };

/** The administrators' list. */
export const $review = atom<ReviewState>({ kind: 'loading' });
/** The list's status filter. */
export const $reviewFilter = atom<ReviewFilter>('verifying');

/** Loads the applications of the current filter; a refusal is a state, not an error. */
export async function loadReview(filter: ReviewFilter = $reviewFilter.get()): Promise<void> {
  $reviewFilter.set(filter);
  $review.set({ kind: 'loading' });
  try {
    const { list } = await send(anchorApplyApi.list, { status: filter });
    if ($reviewFilter.get() === filter) $review.set({ kind: 'ready', list });
  } catch (e) {
    $review.set({ kind: 'refused', message: (e as Error).message });
    if (!(e instanceof ApiCallError)) throw e;
  }
}

/** Approves an application and reloads the list. */
export async function approveApplication(id: number): Promise<void> {
  await send(anchorApplyApi.approve, { id });
  await loadReview();
}

/** Refuses an application with a reason and reloads the list; rejects with the message. */
export async function rejectApplication(id: number, reason: string): Promise<void> {
  const parsed = rejectApplicationSchema.safeParse({ id, reason });
  if (!parsed.success) throw new Error(firstIssueMessage(parsed.error, t()));
  await send(anchorApplyApi.reject, parsed.data);
  await loadReview();
}

/**
 * A private image (an ID photo) as an object URL: it is not served publicly, so it is fetched
 * with the caller's token (the applicant's own, or an administrator's). Rejects when refused;
 * revoke the URL when done with it.
 */
export async function privateImageUrl(path: string): Promise<string> {
  const base = (import.meta.env.PUBLIC_API_BASE as string | undefined) ?? '';
  const token = $token.get();
  const url = `${base}${anchorApplyApi.privateImage.path}?path=${encodeURIComponent(path)}`;
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(createI18n($locale.get())('errors.notFound'));
  }
  return URL.createObjectURL(await res.blob());
}
