/**
 * The administrators' console and command line: which settings of the common config can be
 * changed and how, the chat rules, maintenance records, user bans and roles, shared by the
 * console's forms, the API and `npm run admin`.
 */
import { z } from 'zod';
import type { ChatConfig } from '../rules/chat.ts';
import { isSitePath, isWebAddress } from '../url/site-path.ts';
import { USER_ROLE } from '../user-info.ts';
import { wholeNumber } from './numbers.ts';
import { showsSomething } from './text.ts';

/** How a setting is edited: a 0/1 switch, a bounded count, or an address. */
export type SettingKind = 'switch' | 'count' | 'address';

/** The common-config settings an administrator may change, with their kind. */
export const ADMIN_SETTINGS = {
  ticket_switch: 'switch',
  checkin_switch: 'switch',
  live_preview_switch: 'switch',
  private_message_toggle: 'switch',
  worldcup_thematic_toggle: 'switch',
  lottery_switch: 'switch',
  talent_list_status: 'switch',
  dialog_daily_times: 'count',
  service_url: 'address',
  h5_domain: 'address',
  weibo: 'address',
  img_upload_url: 'address',
} as const satisfies Record<string, SettingKind>;

/** A setting an administrator may change. */
export type AdminSettingKey = keyof typeof ADMIN_SETTINGS;

/** Names of the settings, in the console's order. */
export const ADMIN_SETTING_KEYS = Object.keys(ADMIN_SETTINGS) as AdminSettingKey[];

/** Most times a day the check-in dialog may open by itself. */
export const MAX_DIALOG_TIMES = 10;

/** An address setting: empty, a site path (`/about/3`) or an https:// (http:// too) address. */
const address = z
  .string({ error: 'validation.required' })
  .trim()
  .max(300, { error: 'validation.tooLong' })
  .refine((v) => v === '' || isSitePath(v) || isWebAddress(v), {
    error: 'admin.errors.badAddress',
  });

/** The schema of one setting's value. */
export function settingValueSchema(key: AdminSettingKey) {
  const kind = ADMIN_SETTINGS[key];
  if (kind === 'switch') return wholeNumber(0, 1);
  if (kind === 'count') return wholeNumber(0, MAX_DIALOG_TIMES);
  return address;
}

/** POST /api/admin/settings: one setting and its new value. */
export const setSettingRequest = z
  .object({
    key: z.enum(ADMIN_SETTING_KEYS as [AdminSettingKey, ...AdminSettingKey[]], {
      error: 'admin.errors.unknownSetting',
    }),
    value: z.unknown(),
  })
  .transform((body, ctx) => {
    const parsed = settingValueSchema(body.key).safeParse(body.value);
    if (!parsed.success) {
      // The value's own issue, bounds included, so its message reads as for any field.
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['value'] });
      return z.NEVER;
    }
    return { key: body.key, value: parsed.data };
  });

const toggle = () => wholeNumber(0, 1);

/** POST /api/admin/chat_config: every chat rule (spec §3 chat config) with its bounds. */
export const chatConfigRequest = z.object({
  speak_rate: wholeNumber(0, 3600),
  toggle_speak_rate: toggle(),
  continue_trigger_num: wholeNumber(2, 100),
  continue_trigger_banned: wholeNumber(0, 43_200),
  toggle_continue_trigger: toggle(),
  link_set: toggle(),
  toggle_link_set: toggle(),
  num_msg_count: wholeNumber(1, 100),
  toggle_num_msg_count: toggle(),
  single_msg_num_length: wholeNumber(1, 100),
  toggle_single_msg: toggle(),
  total_trigger: wholeNumber(1, 100),
  total_trigger_banned: wholeNumber(0, 43_200),
  toggle_total_trigger: toggle(),
}) satisfies z.ZodType<Omit<ChatConfig, 'id'>>;

const TEXT_MAX = 500;
const line = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .refine(showsSomething, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' });
/** Unix seconds from 2000 to 2100. */
const unixTime = () => wholeNumber(946_684_800, 4_102_444_800);

/** POST /api/admin/maintenance: a maintenance record (spec §3) in both languages. */
export const maintenanceRequest = z
  .object({
    title_zh: line(60),
    title_en: line(60),
    content_zh: line(TEXT_MAX),
    content_en: line(TEXT_MAX),
    start_time: unixTime(),
    end_time: unixTime(),
    /** Unix seconds when reminders start; 0 for no reminder. */
    remind_time: z.union([z.literal(0), unixTime()]).default(0),
  })
  .refine((m) => m.end_time > m.start_time, {
    error: 'admin.errors.endBeforeStart',
    path: ['end_time'],
  })
  .refine((m) => m.remind_time === 0 || m.remind_time <= m.start_time, {
    error: 'admin.errors.remindAfterStart',
    path: ['remind_time'],
  });

/** An id in the body or query. */
export const idRequest = z.object({ id: z.coerce.number().pipe(wholeNumber(1)) });

/** GET /api/admin/users: a user id, or the last 4 to 11 digits of a phone number. */
export const userSearchRequest = z.object({
  q: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(/^\d{1,11}$/, { error: 'admin.errors.badSearch' }),
});

/** Ban lengths the console offers, in minutes; 0 is permanent. */
export const BAN_MINUTES = [60, 1440, 10_080, 43_200, 0] as const;

/** POST /api/admin/users/ban. */
export const banRequest = z.object({
  user_id: wholeNumber(1),
  /** Minutes; 0 for a permanent ban. */
  minutes: wholeNumber(0, 525_600),
  reason: line(200),
});

/** POST /api/admin/users/role: member or administrator (anchors come from the review). */
export const roleRequest = z.object({
  user_id: wholeNumber(1),
  role: z.union([z.literal(USER_ROLE.member), z.literal(USER_ROLE.admin)], {
    error: 'admin.errors.badRole',
  }),
});

/** POST /api/admin/users/{unban,logout}. */
export const userRequest = z.object({ user_id: wholeNumber(1) });

/** Largest top-up of the platform account at once: 100 million gems, in minor units. */
export const MAX_TOPUP = 10_000_000_000;

/** POST /api/admin/console/reserve/topup: gold in minor units and why (for the audit trail). */
export const topUpRequest = z.object({
  amount: wholeNumber(1, MAX_TOPUP),
  reason: line(200),
});

/** Rows per page of the console's lists. */
export const ADMIN_PAGE = 30;

/** Recharge order states the console filters on. */
export const RECHARGE_FILTERS = ['all', 'pending', 'paid', 'failed', 'expired'] as const;

/** GET /api/admin/recharge_orders and /api/admin/feedback: newest first, before an id. */
export const pageRequest = z.object({
  status: z.enum(RECHARGE_FILTERS, { error: 'validation.select' }).default('all'),
  /** Only rows older than this one (the cursor of the next page); absent for the first. */
  before: z.string().trim().max(64).optional(),
});
