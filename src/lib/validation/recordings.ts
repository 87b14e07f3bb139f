/** Request schemas of an anchor's own replay calls. Messages are i18n keys. */
import { z } from 'zod';
import { rowId } from './numbers.ts';

/** POST /api/live/my_replays: a page of the caller's replays. */
export const myReplaysRequest = z.object({
  /** 1-based page, at most 1000. */
  page: z.coerce
    .number({ error: 'anchorPages.api.badPage' })
    .int({ error: 'anchorPages.api.badPage' })
    .min(1, { error: 'anchorPages.api.badPage' })
    .max(1000, { error: 'anchorPages.api.badPage' })
    .default(1),
});

/** POST /api/live/replay_hide: hide (1) or show (0) one of the caller's replays. */
export const replayHideRequest = z.object({
  /** The replay's id. */
  replay_id: rowId('anchorPages.api.badReplay'),
  /** 1 hides it from everyone else, 0 shows it again. */
  hidden: z.coerce
    .number({ error: 'recordings.api.badHidden' })
    .int({ error: 'recordings.api.badHidden' })
    .min(0, { error: 'recordings.api.badHidden' })
    .max(1, { error: 'recordings.api.badHidden' }),
});
