/** Request schemas of a replay's chat track and its viewers' barrage. Messages are i18n keys. */
import { z } from 'zod';
import { rowId } from './numbers.ts';
import { sayPropsSchema, type SayProps } from '../live/props.ts';

const id = rowId;

/** A time in a replay, in ms from its start (a replay lasts under 24 days). */
const offset = (error: string) =>
  z.coerce
    .number({ error })
    .int({ error })
    .min(0, { error })
    .max(2 ** 31 - 1, { error });

/** Longest text accepted before the chat rules look at it (they allow far less). */
const RAW_MAX = 1000;

/** GET /api/replays/chat: one window of the track. */
export const trackRequest = z
  .object({
    replay_id: id('anchorPages.api.badReplay'),
    from_ms: offset('replayChat.api.badWindow'),
    to_ms: offset('replayChat.api.badWindow'),
  })
  .refine((q) => q.to_ms > q.from_ms, { error: 'replayChat.api.badWindow' });

/** POST /api/replays/comment: a viewer's barrage at the playhead. */
export const replayCommentRequest = z.object({
  replay_id: id('anchorPages.api.badReplay'),
  offset_ms: z
    .number({ error: 'replayChat.api.badOffset' })
    .int({ error: 'replayChat.api.badOffset' })
    .min(0, { error: 'replayChat.api.badOffset' })
    .max(2 ** 31 - 1, { error: 'replayChat.api.badOffset' }),
  content: z
    .string({ error: 'liveChat.refused.empty' })
    .max(RAW_MAX, { error: 'liveChat.refused.tooLong' }),
  /** A chat prop from the backpack, as the live room takes it. */
  props: z
    .unknown()
    .optional()
    .transform((value, ctx): SayProps | undefined => {
      if (value === undefined || value === null) return undefined;
      const parsed = sayPropsSchema.safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: 'replayChat.api.badProps' });
      return z.NEVER;
    }),
});

/** GET /api/replays/moderator: one replay. */
export const replayRequest = z.object({ replay_id: id('anchorPages.api.badReplay') });

/** POST /api/replays/comment_delete. */
export const replayCommentDeleteRequest = z.object({
  replay_id: id('anchorPages.api.badReplay'),
  id: id('replayChat.api.noComment'),
});
