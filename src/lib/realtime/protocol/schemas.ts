/**
 * The checks of what clients send, one record by frame type (ClientFrameData): the hub's
 * handlers parse a frame's data with its schema here, and the Tencent Cloud Chat mapping
 * (`../tencent/mapping.ts`) builds the frames it carries to the administrator account from the
 * same schemas, so the two transports accept the same requests. A chat `say` is checked by the
 * chat rules (`lib/rules/chat.ts`, `lib/live/props.ts`), not here: its refusals carry reasons.
 * Not exported from the protocol's index, so a page that only names frames does not load zod.
 */
import { z } from 'zod';
import { GIFT_COUNTS } from '../../gifts/types.ts';
import { announcementSchema } from '../../live/announcement.ts';
import { chatModesSchema } from '../../live/chat-modes.ts';
import { betSchema, quizIdSchema } from '../../quiz/rules.ts';
import { BAN_REASONS, BAN_UNITS } from '../../rules/chat.ts';
import { INT4_MAX } from '../../validation/numbers.ts';
import { clientMsgIdSchema } from '../client-msg-id.ts';
import type { ClientFrameType } from './frames.ts';
import { GIFT_SOURCE } from './gifts.ts';

/** A user id, a room's anchor id or a match id: a positive int4. */
const rowId = z.number().int().positive().max(INT4_MAX);

/** A room's group id: the anchor's id as a string. */
export const groupIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .refine((id) => Number(id) <= INT4_MAX);

/** `login` and `first`: the room, the host's channel, and the chat id and signature. */
export const joinSchema = z.object({
  groupId: groupIdSchema,
  channel: z.string().max(32).optional(),
  id: z.string().min(1).max(40),
  sig: z.string().min(1).max(200),
});

/** `gift`: a gift, one of the counts the gift bar offers, the press's id and the source. */
export const giftRequestSchema = z.object({
  giftid: rowId,
  count: z
    .number()
    .int()
    .refine((n) => (GIFT_COUNTS as readonly number[]).includes(n)),
  client_msg_id: clientMsgIdSchema,
  /** Left out: the wallet. */
  source: z.enum([GIFT_SOURCE.wallet, GIFT_SOURCE.backpack]).optional(),
});

/** `ban`: a manager bans a user of the room for a time and a reason. */
export const banSchema = z.object({
  uid: rowId,
  unit: z.enum(BAN_UNITS),
  amount: z.number().int().min(1).max(999).default(1),
  reason: z.enum(BAN_REASONS).exclude(['auto']),
});

/** `watchMatch` and `unwatchMatch`. */
export const matchWatchSchema = z.object({ matchId: rowId });

/** The schema of each client frame whose data has a fixed shape. */
export const CLIENT_FRAME_SCHEMAS = {
  login: joinSchema,
  first: joinSchema,
  gift: giftRequestSchema,
  ban: banSchema,
  unban: z.object({ uid: rowId }),
  deleteMsg: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  announce: announcementSchema,
  chatModes: chatModesSchema,
  bet: betSchema,
  quizPrompt: quizIdSchema,
  inbox: z.object({ id: z.string().regex(/^\d{1,10}$/), sig: z.string().min(1).max(200) }),
  watchMatch: matchWatchSchema,
  unwatchMatch: matchWatchSchema,
} satisfies { [K in ClientFrameType]?: z.ZodType };
