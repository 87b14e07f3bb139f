/**
 * The live form (spec §3, §5), shared by the start-live dialog and the anchor calls: title at
 * most 50 characters, category and secondary category required, the match only for sports
 * (category 2), a vertical cover required, the horizontal cover optional, one ticket at most.
 */
import { z } from 'zod';
import { showsSomething } from './text.ts';

/** Longest live title. */
export const TITLE_MAX = 50;
/** The category whose lives may link a match (sports). */
export const SPORTS_CATEGORY = 2;

const id = z.coerce
  .number({ error: 'validation.select' })
  .int({ error: 'validation.select' })
  .min(1, { error: 'validation.select' })
  .max(2_147_483_647, { error: 'validation.select' });

/** A built-in cover's path (folder, name, extension), unanchored; the server checks the file too. */
const BUILT_IN_COVER_PATH = String.raw`\/demo\/(covers|covers-v)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.(webp|svg)`;

/** A whole built-in cover path; its groups are the folder, the name and the extension. */
export const BUILT_IN_COVER = new RegExp(`^${BUILT_IN_COVER_PATH}$`);

/**
 * A cover: the path POST /api/user/file answered (`/uploads/YYYY/MM/<hex>.webp`) or a built-in
 * cover (`/demo/covers/<name>.webp`, `/demo/covers-v/<name>.webp`, or the `.svg` drawing an older
 * room may still name); the server also checks that it
 * exists and that the anchor uploaded it. No other path, no `..`, no external URL.
 */
const imagePath = z
  .string()
  .trim()
  .max(300, { error: 'validation.tooLong' })
  .regex(
    new RegExp(String.raw`^(\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp|${BUILT_IN_COVER_PATH})$`),
    {
      error: 'studio.errors.badImage',
    },
  );

const flag = z.coerce.number().int().min(0).max(1).default(0);

/** Fields both starting and planning a live carry. */
export const liveFormSchema = z.object({
  title: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(showsSomething, { error: 'validation.required' })
    .max(TITLE_MAX, { error: 'validation.tooLong' }),
  category: id,
  cateid: id,
  match_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  /** Horizontal cover (18:10); optional. */
  thumb: z.union([z.literal(''), imagePath]).default(''),
  /** Vertical cover; required. */
  thumb_y: z
    .string({ error: 'validation.coverVRequired' })
    .trim()
    .min(1, { error: 'validation.coverVRequired' })
    .pipe(imagePath),
  /** Tickets to enter: 0, or the fixed 1 when ticket_switch is on. */
  ticket: flag,
});

/** POST /webapi/live/startLive. */
export const startLiveSchema = liveFormSchema.extend({
  /** High-speed (WebRTC) push asked for. */
  enable_webrtc: flag,
  /** The planned live this start carries out, if any (it is then marked started). */
  plan_id: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

/** A valid start-live request. */
export type StartLiveForm = z.infer<typeof startLiveSchema>;

/** Latest a live can be planned ahead, days. */
export const PLAN_MAX_DAYS = 30;

/** POST /api/live/anchor_plan_create (spec §7 names). */
export const planLiveSchema = z.object({
  title: liveFormSchema.shape.title,
  category_id: id,
  child_category_id: id,
  match_id: liveFormSchema.shape.match_id,
  /** The cover of the planned live; required. */
  thumb: z
    .string({ error: 'validation.coverVRequired' })
    .trim()
    .min(1, { error: 'validation.coverVRequired' })
    .pipe(imagePath),
  /** Planned start, epoch seconds or milliseconds, or an ISO date. */
  plan_time: z.union([z.number(), z.string().trim().min(1)], {
    error: 'validation.planTimeRequired',
  }),
  ticket: flag,
});

/** A valid plan request. */
export type PlanLiveForm = z.infer<typeof planLiveSchema>;

/** The planned start as a Date, or null when unreadable (seconds and milliseconds both read). */
export function planDate(value: number | string): Date | null {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  const date = Number.isFinite(n) ? new Date(n < 1e12 ? n * 1000 : n) : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}
