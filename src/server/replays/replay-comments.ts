/**
 * Barrage viewers add to a replay at its playhead: checked by the live room's chat rules (the
 * same checks, the same speaker memory, bans of the room), stored with its offset, and deleted by
 * the room's anchor and managers (and administrators).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { fontColorOf, missingPropKey, PROP_TYPE, type SayProps } from '../../lib/live/props.ts';
import {
  checkMessage,
  newSpeakerState,
  recordAccepted,
  recordRefusal,
} from '../../lib/rules/chat.ts';
import { consumeItems } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { replayComments, ROLE, users } from '../db/schema.ts';
import { ApiError } from '../api-error.ts';
import { activeBanUntil, banUser } from '../live/chat-bans.ts';
import {
  canModerate,
  loadChatConfig,
  profileColumns,
  roomModerators,
  toProfile,
} from '../live/chat.ts';
import { forgetMessage, roomSpeakerKey, SPEAKER_MEMORY_MS } from '../live/speakers.ts';
import type { SharedState } from '../shared/state.ts';
import { TRACK_SOURCE, type TrackLine, type TrackReplay } from './chat-track.ts';

/** A new line of barrage on a replay. */
export interface NewReplayComment {
  userId: number;
  offsetMs: number;
  content: string;
  props?: SayProps;
}

/** What posting needs of the runtime. */
interface Deps {
  db: Db;
  shared: SharedState;
}

/**
 * Stores a viewer's barrage at `offsetMs` of `replay` and returns it as the track shows it.
 * Refusals throw an ApiError with the live chat's message; nothing is stored then.
 */
export async function postReplayComment(
  rt: Deps,
  replay: TrackReplay,
  comment: NewReplayComment,
  now = Date.now(),
): Promise<TrackLine> {
  const { db, shared } = rt;
  if (comment.offsetMs < 0 || comment.offsetMs > replay.durationMs) {
    throw new ApiError('replayChat.api.badOffset');
  }
  const content = comment.content.trim();
  if ((await activeBanUntil(db, replay.anchorId, comment.userId, new Date(now))) !== undefined) {
    throw new ApiError('liveChat.refused.banned');
  }
  const config = await loadChatConfig(db);
  // The speaker's memory is the room's: a viewer cannot double their rate by switching between
  // the live and its replays.
  const key = roomSpeakerKey(replay.anchorId, comment.userId);
  const verdict = await shared.update(key, SPEAKER_MEMORY_MS, newSpeakerState, (state) => {
    const refusal = checkMessage(config, state, content, now);
    if (refusal) return { refusal, banMinutes: recordRefusal(config, state, refusal) };
    const before = { ...state };
    recordAccepted(state, content, now);
    return { refusal: null, banMinutes: null, before };
  });
  if (verdict.refusal) {
    if (verdict.banMinutes !== null) {
      await banUser(db, {
        anchorId: replay.anchorId,
        userId: comment.userId,
        reason: 'auto',
        until: new Date(now + verdict.banMinutes * 60_000),
        byUserId: null,
      });
    }
    throw new ApiError(`liveChat.refused.${verdict.refusal}`);
  }
  const saved = await db.transaction(async (tx) => {
    if (comment.props) {
      const left = await consumeItems(tx, {
        userId: comment.userId,
        type: comment.props.type,
        propsId: comment.props.props_id,
        count: 1,
        kind: 'chat_prop',
        reference: `replay:${replay.id}`,
      });
      if (left === null) return null;
    }
    const [row] = await tx
      .insert(replayComments)
      .values({
        replayId: replay.id,
        userId: comment.userId,
        offsetMs: Math.round(comment.offsetMs),
        content,
        propType: comment.props?.type ?? 0,
        propsId: comment.props?.props_id ?? 0,
      })
      .returning({ id: replayComments.id, createdAt: replayComments.createdAt });
    return row!;
  });
  if (!saved) {
    // Without the prop nothing happened, so the rules forget the message too.
    if ('before' in verdict && verdict.before) {
      await forgetMessage(shared, key, now, content, verdict.before);
    }
    throw new ApiError(missingPropKey(comment.props!.type));
  }
  const [user] = await db
    .select(profileColumns)
    .from(users)
    .where(eq(users.id, comment.userId))
    .limit(1);
  const profile = toProfile(user!, new Date(now));
  const propType = comment.props?.type ?? 0;
  const propsId = comment.props?.props_id ?? 0;
  return {
    id: saved.id,
    content,
    user_id: profile.id,
    from_client_name: profile.nickName,
    avatar: profile.avatar,
    level: profile.level,
    vip_level: profile.vipLevel,
    role: profile.role,
    is_manager: canModerate(profile, await roomModerators(db, replay.anchorId)),
    props: propType,
    props_id: propsId,
    font_color: fontColorOf(propType, propsId),
    isColorful: propType === PROP_TYPE.colorful,
    isSpeaker: propType === PROP_TYPE.speaker,
    time: saved.createdAt.getTime(),
    offset_ms: Math.round(comment.offsetMs),
    source: TRACK_SOURCE.replay,
  };
}

/** True when `by` may delete `replay`'s barrage: its anchor, a room manager, an administrator. */
export async function moderatesReplay(
  db: Db,
  replay: TrackReplay,
  by: { id: number; role: number },
): Promise<boolean> {
  return by.role === ROLE.admin || (await roomModerators(db, replay.anchorId)).has(by.id);
}

/**
 * Deletes viewer barrage `id` of `replay` for `by` (the anchor, a room manager or an
 * administrator). Throws when `by` may not, or when there is no such visible line.
 */
export async function deleteReplayComment(
  db: Db,
  replay: TrackReplay,
  id: number,
  by: { id: number; role: number },
): Promise<void> {
  if (!(await moderatesReplay(db, replay, by))) throw new ApiError('replayChat.api.forbidden');
  const rows = await db
    .update(replayComments)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(replayComments.id, id),
        eq(replayComments.replayId, replay.id),
        isNull(replayComments.deletedAt),
      ),
    )
    .returning({ id: replayComments.id });
  if (rows.length === 0) throw new ApiError('replayChat.api.noComment');
}
