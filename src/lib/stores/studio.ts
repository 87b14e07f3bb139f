/**
 * The start-live dialog's data and calls: the push address and key, the categories and (for
 * sports) leagues and matches, cover uploads with progress, and starting or planning a live.
 */
import { atom } from 'nanostores';
import { ApiCallError, openSealedBody, send } from '../api/client.ts';
import { SEALED_HEADER } from '../api/envelope.ts';
import { toApiLang } from '../i18n/locale.ts';
import { TITLE_MAX } from '../validation/studio.ts';
import { createI18n } from '../i18n/index.ts';
import { deviceId } from '../device.ts';
import type { LiveCategory } from '../common-config.ts';
import {
  studioApi,
  type LeagueOption,
  type MatchOption,
  type OwnPlan,
  type StreamInfo,
} from '../studio/api.ts';
import { $config } from './config.ts';
import { $locale } from './locale.ts';
import { $token } from './session.ts';

export type { LeagueOption, MatchOption, OwnPlan } from '../studio/api.ts';

/** What the dialog loads when it opens. */
export interface StudioSetup {
  stream: StreamInfo;
  categories: LiveCategory[];
  /** ticket_switch of the common config: 1 shows the ticket option. */
  ticketSwitch: number;
}

/** Loaded setup, or null while loading. */
export const $studioSetup = atom<StudioSetup | null>(null);

/** Loads the push address, the categories and the ticket switch. */
export async function loadStudioSetup(): Promise<StudioSetup> {
  const [stream, { list }] = await Promise.all([
    send(studioApi.streamInfo),
    send(studioApi.categories),
  ]);
  const setup = { stream, categories: list, ticketSwitch: $config.get()?.ticket_switch ?? 0 };
  $studioSetup.set(setup);
  return setup;
}

/** Replaces the push key; the old one stops working at once. */
export async function resetStreamKey(): Promise<StreamInfo> {
  const stream = await send(studioApi.resetStreamKey);
  const setup = $studioSetup.get();
  if (setup) $studioSetup.set({ ...setup, stream });
  return stream;
}

/** Leagues with open matches for a sports secondary category. */
export async function loadLeagues(cateid: number): Promise<LeagueOption[]> {
  const data = await send(studioApi.leagues, { cateid });
  return data.sport_live_match_comp;
}

/** Open matches of a league. */
export async function loadMatches(comp: number): Promise<MatchOption[]> {
  const data = await send(studioApi.matches, { comp });
  return data.sport_live_match;
}

/** Accepted image extensions (the server checks the content too; jfif is refused). */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.gif', '.png', '.bmp'] as const;
/** Largest image, bytes. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** The local check before sending: the message key of a refusal, or null. */
export function checkImageFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'studio.upload.type';
  if (file.size >= MAX_IMAGE_BYTES) return 'studio.upload.size';
  return null;
}

/**
 * Uploads one image with progress (0-1) through studioApi.uploadImage; resolves with its path, rejects
 * with the server's (or a generic) message.
 */
export function uploadImage(
  file: File,
  use: 'cover' | 'cover_v' | 'image' | 'avatar' | 'id_photo',
  onProgress: (fraction: number) => void,
): Promise<string> {
  const t = createI18n($locale.get());
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      `${(import.meta.env.PUBLIC_API_BASE as string | undefined) ?? ''}${studioApi.uploadImage.path}`,
    );
    const token = $token.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('lang', toApiLang($locale.get()));
    xhr.setRequestHeader('device-info', deviceId());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    // Bytes, not text: an encrypted answer (API_RESPONSE_KEY) is decrypted before it is read.
    xhr.responseType = 'arraybuffer';
    xhr.onerror = () => reject(new Error(t('studio.upload.failed')));
    xhr.onload = async () => {
      try {
        const bytes = xhr.response as ArrayBuffer;
        const text = xhr.getResponseHeader(SEALED_HEADER)
          ? await openSealedBody(bytes)
          : new TextDecoder().decode(bytes);
        const body = JSON.parse(text) as {
          status: number;
          msg: string;
          data: { url: string } | null;
        };
        if (body.status === 0 && body.data) resolve(body.data.url);
        else reject(new Error(body.msg || t('studio.upload.failed')));
      } catch (error) {
        reject(error instanceof ApiCallError ? error : new Error(t('studio.upload.failed')));
      }
    };
    const form = new FormData();
    form.append('image', file);
    form.append('use', use);
    xhr.send(form);
  });
}

/** The live form as the dialog holds it. */
export interface LiveFormState {
  category: number;
  cateid: number;
  comp: number;
  match_id: number;
  title: string;
  thumb: string;
  thumb_y: string;
  ticket: 0 | 1;
  enable_webrtc: 0 | 1;
  /** Planning: the start as a local date-time (yyyy-mm-ddThh:mm); empty to start now. */
  plan: string;
  /** The planned live being started, 0 for none. */
  plan_id: number;
}

/** Values the dialog opens with (starting a planned live), or null for an empty form. */
export const $liveDraft = atom<Partial<LiveFormState> | null>(null);

/** The anchor's planned lives. */
export async function loadOwnPlans(): Promise<OwnPlan[]> {
  return (await send(studioApi.plans)).list;
}

/** Cancels a planned live. */
export async function cancelOwnPlan(id: number): Promise<void> {
  await send(studioApi.cancelPlan, { id });
}

/** Starts the live; resolves with the success message. */
export async function startLive(form: LiveFormState): Promise<string> {
  const data = await send(studioApi.startLive, {
    title: form.title,
    category: form.category,
    cateid: form.cateid,
    match_id: form.match_id,
    thumb: form.thumb,
    thumb_y: form.thumb_y,
    ticket: form.ticket,
    enable_webrtc: form.enable_webrtc,
    plan_id: form.plan_id,
    room_type: 0,
    price: 0,
    start_stamp: 0,
  });
  return data.msg;
}

/** Plans the live at `form.plan`; resolves with the success message. */
export async function planLive(anchorId: number, form: LiveFormState): Promise<string> {
  const at = form.plan ? new Date(form.plan).getTime() : NaN;
  const data = await send(studioApi.createPlan, {
    anchor_id: anchorId,
    title: form.title,
    category_id: form.category,
    child_category_id: form.cateid,
    thumb: form.thumb_y,
    match_id: form.match_id,
    ticket: form.ticket,
    plan_time: Number.isNaN(at) ? undefined : Math.floor(at / 1000),
  });
  return data.msg;
}

/** Where the last live's form is kept on this device, per anchor (a second live is two clicks). */
const LAST_FORM_KEY = 'live:last:';

/** Keeps what a started live was set up with: category, title, covers and high-speed push. */
export function rememberLiveForm(anchorId: number, form: LiveFormState): void {
  const kept: Partial<LiveFormState> = {
    category: form.category,
    cateid: form.cateid,
    title: form.title,
    thumb: form.thumb,
    thumb_y: form.thumb_y,
    enable_webrtc: form.enable_webrtc,
  };
  try {
    localStorage.setItem(`${LAST_FORM_KEY}${anchorId}`, JSON.stringify(kept));
  } catch {
    // Not kept: the next live starts from an empty form.
  }
}

/** The last live's form when its categories still exist, else null. */
export function lastLiveForm(
  anchorId: number,
  categories: LiveCategory[],
): Partial<LiveFormState> | null {
  let kept: Partial<Record<keyof LiveFormState, unknown>>;
  try {
    const raw = localStorage.getItem(`${LAST_FORM_KEY}${anchorId}`);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    kept = parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return null;
  }
  const category = categories.find((c) => c.id === kept.category);
  if (!category?.second_category.some((s) => s.id === kept.cateid)) return null;
  const text = (value: unknown, max: number) =>
    typeof value === 'string' && value.length <= max ? value : '';
  const image = (value: unknown) => {
    const path = text(value, 200);
    return /^\/uploads\/[\w/.-]+$/.test(path) ? path : '';
  };
  return {
    category: category.id,
    cateid: Number(kept.cateid),
    title: text(kept.title, TITLE_MAX),
    thumb: image(kept.thumb),
    thumb_y: image(kept.thumb_y),
    enable_webrtc: kept.enable_webrtc === 1 ? 1 : 0,
  };
}
