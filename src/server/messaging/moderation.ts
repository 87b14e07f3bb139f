/**
 * Moderation of fan groups: a member recalls their own message for two minutes; the anchor, the
 * room's managers and administrators recall and delete any message, kick members (who may not
 * join again for a day) and mute them (their messages are removed). Each act leaves a notice.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  GROUP_MSG,
  KICK_BAR_MS,
  RECALL_WINDOW_MS,
  type GroupMessage,
} from '../../lib/messaging/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { fanGroupKicks, fanGroupMembers, fanGroupMessages } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { toInbox, type Actor } from './common.ts';
import { announce, appendMessage, groupById, requireMember, runsGroup, WRITTEN } from './groups.ts';

/** Moderation of a fan group. */
export type GroupAction =
  | { action: 'recall'; seq: number }
  | { action: 'delete'; seq: number }
  | { action: 'kick'; uid: number }
  | { action: 'mute'; uid: number; minutes: number };

/**
 * Recall (any member their own message for two minutes; those who run the group any message),
 * delete, kick and mute (those who run the group). Each leaves a notice in the group.
 */
export async function moderateGroup(
  db: Db,
  bus: Bus,
  groupId: number,
  actor: Actor,
  request: GroupAction,
): Promise<GroupMessage> {
  const actorId = actor.id;
  const group = await groupById(db, groupId);
  const runs = await runsGroup(db, group.anchorId, actor);
  if (!runs) await requireMember(db, groupId, actorId);
  if (request.action === 'recall' || request.action === 'delete') {
    const [target] = await db
      .select()
      .from(fanGroupMessages)
      .where(
        and(
          eq(fanGroupMessages.groupId, groupId),
          eq(fanGroupMessages.seq, request.seq),
          inArray(fanGroupMessages.type, WRITTEN),
          isNull(fanGroupMessages.removedAt),
        ),
      );
    if (!target) throw new ApiError('messaging.errors.noMessage');
    const ownRecent =
      request.action === 'recall' &&
      target.uid === actorId &&
      Date.now() - target.createdAt.getTime() <= RECALL_WINDOW_MS;
    if (!runs && !ownRecent) {
      throw new ApiError(
        target.uid === actorId ? 'messaging.errors.recallTooLate' : 'messaging.errors.notAllowed',
      );
    }
    const removed = await db
      .update(fanGroupMessages)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(fanGroupMessages.groupId, groupId),
          eq(fanGroupMessages.seq, request.seq),
          isNull(fanGroupMessages.removedAt),
        ),
      )
      .returning({ seq: fanGroupMessages.seq });
    if (removed.length === 0) throw new ApiError('messaging.errors.noMessage');
    const row = await appendMessage(db, groupId, {
      uid: target.uid,
      type: request.action === 'recall' ? GROUP_MSG.recall : GROUP_MSG.delete,
      target: request.seq,
      byUid: actorId,
    });
    return announce(db, bus, row);
  }
  if (!runs) throw new ApiError('messaging.errors.notAllowed');
  if (request.uid === group.anchorId || request.uid === actorId) {
    throw new ApiError('messaging.errors.notAllowed');
  }
  const target = await requireMember(db, groupId, request.uid);
  if (request.action === 'kick') {
    const until = new Date(Date.now() + KICK_BAR_MS);
    await db.transaction(async (tx) => {
      await tx
        .delete(fanGroupMembers)
        .where(
          and(eq(fanGroupMembers.groupId, groupId), eq(fanGroupMembers.userId, target.userId)),
        );
      await tx
        .insert(fanGroupKicks)
        .values({ groupId, userId: target.userId, until })
        .onConflictDoUpdate({
          target: [fanGroupKicks.groupId, fanGroupKicks.userId],
          set: { until },
        });
    });
    const row = await appendMessage(db, groupId, {
      uid: target.userId,
      type: GROUP_MSG.kick,
      byUid: actorId,
    });
    // The member hears their own kick, then stops hearing the group.
    const view = await announce(db, bus, row);
    toInbox(
      bus,
      { users: [target.userId] },
      { type: SERVER_FRAME.groupMsg, data: view },
      {
        userId: target.userId,
        groupId,
        joined: false,
      },
    );
    return view;
  }
  const until = request.minutes > 0 ? new Date(Date.now() + request.minutes * 60_000) : null;
  await db
    .update(fanGroupMembers)
    .set({ mutedUntil: until })
    .where(and(eq(fanGroupMembers.groupId, groupId), eq(fanGroupMembers.userId, target.userId)));
  if (until) {
    // A muted member's messages are removed (spec §4).
    await db
      .update(fanGroupMessages)
      .set({ removedAt: new Date() })
      .where(
        and(
          eq(fanGroupMessages.groupId, groupId),
          eq(fanGroupMessages.uid, target.userId),
          inArray(fanGroupMessages.type, WRITTEN),
          isNull(fanGroupMessages.removedAt),
        ),
      );
  }
  const row = await appendMessage(db, groupId, {
    uid: target.userId,
    type: GROUP_MSG.mute,
    target: until ? until.getTime() : 0,
    byUid: actorId,
  });
  return announce(db, bus, row);
}
