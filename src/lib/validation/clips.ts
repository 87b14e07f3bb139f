/** Request schemas of the clip calls. Messages are i18n keys. */
import { z } from 'zod';
import { rowId } from './numbers.ts';
import { hasControlCharacter, showsSomething } from './text.ts';

const id = rowId;

/** Longest clip title, characters. */
export const CLIP_TITLE_MAX = 40;
/** Shortest and longest clip, seconds. */
export const CLIP_LIVE_SECONDS = { min: 10, max: 60 } as const;
export const CLIP_REPLAY_SECONDS = { min: 5, max: 60 } as const;

const title = z
  .string({ error: 'clips.api.badTitle' })
  .trim()
  .min(1, { error: 'clips.api.badTitle' })
  .max(CLIP_TITLE_MAX, { error: 'clips.api.badTitle' })
  .refine((t) => !hasControlCharacter(t) && showsSomething(t), { error: 'clips.api.badTitle' });

/**
 * POST /api/clip/create: the last `seconds` (10-60) of the live of `anchor_id`, or `seconds`
 * (5-60) of replay `replay_id` from `start`. Exactly one of anchor_id and replay_id.
 */
export const clipCreateRequest = z
  .strictObject(
    {
      anchor_id: id('clips.api.badAnchor').optional(),
      replay_id: id('anchorPages.api.badReplay').optional(),
      start: z
        .number({ error: 'clips.api.badStart' })
        .int({ error: 'clips.api.badStart' })
        .min(0, { error: 'clips.api.badStart' })
        .max(86_400, { error: 'clips.api.badStart' })
        .optional(),
      seconds: z
        .number({ error: 'clips.api.badSeconds' })
        .int({ error: 'clips.api.badSeconds' })
        .min(CLIP_REPLAY_SECONDS.min, { error: 'clips.api.badSeconds' })
        .max(CLIP_REPLAY_SECONDS.max, { error: 'clips.api.badSeconds' }),
      title,
    },
    { error: 'clips.api.badSource' },
  )
  .refine((r) => (r.anchor_id === undefined) !== (r.replay_id === undefined), {
    error: 'clips.api.badSource',
  })
  .refine((r) => r.replay_id === undefined || r.start !== undefined, {
    error: 'clips.api.badStart',
  })
  .refine((r) => r.anchor_id === undefined || r.start === undefined, {
    error: 'clips.api.badSource',
  })
  .refine((r) => r.anchor_id === undefined || r.seconds >= CLIP_LIVE_SECONDS.min, {
    error: 'clips.api.badSeconds',
  });

/** One clip. */
export const clipRequest = z.object({ clip_id: id('clips.api.badClip') });

/** A page of an anchor's clips. */
export const clipListRequest = z.object({
  anchor_id: id('clips.api.badAnchor'),
  page: z.coerce
    .number({ error: 'anchorPages.api.badPage' })
    .int({ error: 'anchorPages.api.badPage' })
    .min(1, { error: 'anchorPages.api.badPage' })
    .max(1000, { error: 'anchorPages.api.badPage' })
    .default(1),
});
