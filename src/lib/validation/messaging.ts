/**
 * Request schemas of the messaging calls (spec §7 names and fields). Ids and pages come as JSON
 * numbers or, in query strings, as digit strings; anything else is refused. Messages are i18n keys.
 */
import { z } from 'zod';
import {
  DYNAMIC_MAX_IMAGES,
  DYNAMIC_MAX_LENGTH,
  HISTORY_PAGE,
  MESSAGE_MAX_LENGTH,
  MUTE_MINUTES,
} from '../messaging/types.ts';
import { INT4_MAX, wholeNumber } from './numbers.ts';
import { showsSomething } from './text.ts';

/** A whole number from `min` to `max`, as a JSON number or a string of digits. */
function count(min: number, max = INT4_MAX) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    wholeNumber(min, max),
  );
}

const id = () => count(1);
const page = () => count(1, 1000).default(1);
/** Page size: the spec's 20 by default, 50 at most. */
const size = () => count(1, 50).default(HISTORY_PAGE);
/** The client's device id (spec): accepted and checked for shape, not used to identify. */
const deviceId = z.string().max(64, { error: 'validation.tooLong' }).optional();
/** Message text: trimmed; the chat rules check it further. */
const text = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .max(max * 4, { error: 'validation.tooLong' })
    .transform((s) => s.trim())
    .refine(showsSomething, { error: 'liveChat.refused.empty' })
    .default('');
/** An image message: a path of our own uploads (checked by the server). */
const image = z.string().max(200, { error: 'validation.tooLong' }).default('');

export const anchorProfileRequest = z.object({ anchorId: id() });
export const groupRequest = z.object({ group_id: id() });
export const groupReadRequest = z.object({ fans_group_id: id() });
export const groupHistoryRequest = z.object({ group_id: id(), limit: size(), page: page() });
export const groupSendRequest = z.object({
  group_id: id(),
  content: text(MESSAGE_MAX_LENGTH),
  img_url: image,
});
export const groupModerateRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ group_id: id(), action: z.literal('recall'), seq: id() }),
    z.object({ group_id: id(), action: z.literal('delete'), seq: id() }),
    z.object({ group_id: id(), action: z.literal('kick'), uid: id() }),
    z.object({
      group_id: id(),
      action: z.literal('mute'),
      uid: id(),
      minutes: count(0, 10080).refine(
        (m) => m === 0 || (MUTE_MINUTES as readonly number[]).includes(m),
        {
          error: 'messaging.errors.muteLength',
        },
      ),
    }),
  ],
  { error: 'messaging.errors.badAction' },
);

export const recordDetailRequest = z.object({
  device_id: deviceId,
  anchor_id: id(),
  /** The viewer, when the anchor reads their inbox. */
  user_id: id().optional(),
  duration: count(0, 0).default(0),
  page: page(),
  size: size(),
});
export const privateReadRequest = z.object({
  device_id: deviceId,
  anchor_id: id(),
  user_id: id().optional(),
  latest_msg_stamp: count(0, Number.MAX_SAFE_INTEGER).optional(),
});
export const privateSendRequest = z.object({
  device_id: deviceId,
  anchor_id: id(),
  user_id: id().optional(),
  content: text(MESSAGE_MAX_LENGTH),
  img_url: image,
});

export const mgrHistoryRequest = z.object({ user_id: id(), limit: size(), page: page() });
export const mgrReadRequest = z.object({ user_id: id() });
export const mgrSendRequest = z.object({ user_id: id(), content: text(MESSAGE_MAX_LENGTH) });

export const systemHistoryRequest = z.object({ page: page(), limit: size() });
export const noticeRequest = z.object({
  /** The receiver; absent for everyone. */
  user_id: id().optional(),
  content: text(MESSAGE_MAX_LENGTH),
});

export const dynamicRequest = z.object({
  content: text(DYNAMIC_MAX_LENGTH),
  images: z
    .array(z.string().max(200, { error: 'validation.tooLong' }), { error: 'validation.required' })
    .max(DYNAMIC_MAX_IMAGES, { error: 'messaging.errors.tooManyImages' })
    .default([]),
});
export const dynamicsRequest = z.object({ anchorId: id(), page: page() });
