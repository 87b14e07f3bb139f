/** Request schemas of the replay and planned-live calls. Messages are i18n keys. */
import { z } from 'zod';
import { rowId } from './numbers.ts';

const id = rowId;

/** An optional filter id; an empty value means no filter. */
const optionalId = (error: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), id(error).optional());

/** GET /api/live/replays: a page of replays, optionally of one anchor or category. */
export const replayListRequest = z.object({
  /** 1-based page, at most 1000. */
  page: z.coerce
    .number({ error: 'anchorPages.api.badPage' })
    .int({ error: 'anchorPages.api.badPage' })
    .min(1, { error: 'anchorPages.api.badPage' })
    .max(1000, { error: 'anchorPages.api.badPage' })
    .default(1),
  /** Replays per page, 1-50. */
  size: z.coerce
    .number({ error: 'anchorPages.api.badSize' })
    .int({ error: 'anchorPages.api.badSize' })
    .min(1, { error: 'anchorPages.api.badSize' })
    .max(50, { error: 'anchorPages.api.badSize' })
    .default(12),
  /** Only this anchor's replays. */
  anchor_id: optionalId('anchorPages.api.badAnchor'),
  /** Only this top category. */
  category: optionalId('anchorPages.api.badCategory'),
  /** Only this second category. */
  second: optionalId('anchorPages.api.badCategory'),
});

/** GET /api/live/replay and POST /api/live/replayView: one replay. */
export const replayRequest = z.object({
  /** The replay's id. */
  replay_id: id('anchorPages.api.badReplay'),
});

/** GET /api/live/anchor_plans: an anchor's upcoming planned lives. */
export const anchorPlansRequest = z.object({
  /** The anchor. */
  anchor_id: id('anchorPages.api.badAnchor'),
});
