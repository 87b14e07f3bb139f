/**
 * What the hub does with room frames (joining is join-handler.ts): chat (say) under the chat rules,
 * and the managers' tools (ban, unban, delete, clear, announcement). Every check runs here on
 * the server; a refused frame changes nothing and reaches nobody else.
 */
import { SYSTEM_KIND } from '../../lib/messaging/types.ts';
import { sendSystem } from '../messaging/system.ts';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { MODE_REFUSAL, NO_CHAT_MODES, slowModeWait } from '../../lib/live/chat-modes.ts';
import { missingPropKey, PROP_TYPE, sayPropsSchema, type SayProps } from '../../lib/live/props.ts';
import {
  REALTIME_ERROR,
  SERVER_FRAME,
  type ManagerAction,
  type SayData,
  type ServerFrame,
} from '../../lib/realtime/protocol/index.ts';
import {
  banUntil,
  checkMessage,
  newSpeakerState,
  recordAccepted,
  recordRefusal,
  type BanReason,
  type BanUnit,
  type ChatConfig,
} from '../../lib/rules/chat.ts';
import { banUser, bannedFrameData, liftBans, profilesOf } from '../live/chat-bans.ts';
import {
  clearMessages,
  createMessageWriter,
  deleteMessage,
  savePropMessage,
  type NewChatMessage,
} from '../live/chat-messages.ts';
import { canModerate, loadChatConfig, roomModerators, setAnnouncement } from '../live/chat.ts';
import { createChatModesCache, type ChatModesCache } from '../live/chat-modes.ts';
import { refuseByMode } from './chat-modes-handler.ts';
import {
  forgetSpeaker,
  forgetMessage,
  roomSpeakerKey,
  SPEAKER_MEMORY_MS,
} from '../live/speakers.ts';
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import { createStatsRecorder, type StatsRecorder } from '../studio/stats.ts';
import type { Connection } from './connection.ts';
import { createQuizHandlers, type QuizHandlers } from './quiz-handler.ts';
import { createRoomSnapshots, type RoomSnapshots } from './room-snapshot.ts';
import type { Rooms } from './rooms.ts';
import { firstIssueMessage } from '../../lib/validation/messages.ts';

/** Key of a live room in the room table. */
export const roomKey = (anchorId: number) => `r:${anchorId}`;

/** What the handlers share. */
export interface RoomContext {
  rt: Runtime;
  rooms: Rooms<Connection>;
  /** The chat config, re-read at most every few seconds. */
  chatConfig: () => Promise<ChatConfig>;
  /** Stores a chat message (batched with others arriving meanwhile). */
  saveMessage: (message: NewChatMessage) => Promise<SayData>;
  /** Counts room entries and chat messages for the anchor's statistics (written in batches). */
  stats: StatsRecorder;
  /** What joins read of each room (room, moderators, recent chat), kept up to date by frames. */
  snapshots: RoomSnapshots;
  /** Bets, quiz prompts and the room's quizzes for joins. */
  quiz: QuizHandlers;
  /** The rooms' chat modes, replaced by the `chatModes` frames every process hears. */
  modes: ChatModesCache;
}

/** Publishes a frame to a room in every process. */
function toRoom(ctx: RoomContext, anchorId: number, frame: ServerFrame): void {
  ctx.rt.bus.publish({ kind: 'room', anchorId, frame });
}

/** Records a ban and tells the room; the banned user's sockets learn it from the room frame. */
async function applyBan(
  ctx: RoomContext,
  anchorId: number,
  targetId: number,
  ban: {
    reason: BanReason;
    unit: BanUnit;
    amount: number;
    byUserId: number | null;
  },
): Promise<void> {
  const now = Date.now();
  const untilMs = banUntil(ban.unit, ban.amount, now);
  const until = untilMs === null ? null : new Date(untilMs);
  await banUser(ctx.rt.db, {
    anchorId,
    userId: targetId,
    reason: ban.reason,
    until,
    byUserId: ban.byUserId,
  });
  const profiles = await profilesOf(ctx.rt.db, [targetId, anchorId]);
  const target = profiles.get(targetId);
  if (!target) return;
  toRoom(ctx, anchorId, {
    type: SERVER_FRAME.bannedUser,
    data: bannedFrameData(target, ban.reason, ban.unit, ban.amount, until),
  });
  // The banned user also finds it in their system conversation, with the reason and length.
  void sendSystem(ctx.rt.db, ctx.rt.bus, {
    userId: targetId,
    kind: SYSTEM_KIND.ban,
    anchorId,
    data: {
      reason: ban.reason,
      unit: ban.unit,
      amount: ban.amount,
      until: untilMs,
      anchor_name: profiles.get(anchorId)?.nickName ?? '',
    },
  }).catch((error: unknown) => log('warn', 'ban_notice_failed', { error: String(error) }));
}

/** say: a chat message from a logged-in user, checked against bans and the chat rules. */
export async function handleSay(ctx: RoomContext, conn: Connection, data: unknown): Promise<void> {
  const anchorId = conn.room;
  const user = conn.user;
  if (anchorId === undefined) {
    conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom');
    return;
  }
  if (!user) {
    conn.fail(REALTIME_ERROR.forbidden, 'liveChat.refused.guest', { reason: 'guest' });
    return;
  }
  if (conn.isBanned()) {
    conn.fail(REALTIME_ERROR.banned, 'liveChat.refused.banned', {
      until: conn.bannedUntil ?? null,
    });
    return;
  }
  const raw = (data as { content?: unknown } | null)?.content;
  const content = typeof raw === 'string' ? raw.trim() : '';
  const rawProps = (data as { props?: unknown } | null)?.props;
  let props: SayProps | undefined;
  if (rawProps !== undefined && rawProps !== null) {
    const parsed = sayPropsSchema.safeParse(rawProps);
    if (!parsed.success) {
      conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
      return;
    }
    props = parsed.data;
  }
  // Speaker-prop messages (paid banners), managers and the anchor are exempt from the modes.
  const exempt = conn.isManager || props?.type === PROP_TYPE.speaker;
  const modes = exempt ? NO_CHAT_MODES : await ctx.modes.get(anchorId);
  if (await refuseByMode(ctx, conn, anchorId, user.id, modes, content)) return;
  const config = await ctx.chatConfig();
  const now = Date.now();
  const speaker = roomSpeakerKey(anchorId, user.id);
  // One atomic step on the speaker's memory, shared by every process the speaker may reach.
  const verdict = await ctx.rt.shared.update(
    speaker,
    SPEAKER_MEMORY_MS,
    newSpeakerState,
    (state) => {
      const refusal = checkMessage(config, state, content, now);
      // Slow mode reads the same memory: the last accepted message, whichever process took it.
      // Its refusals do not count towards an automatic ban.
      const wait = slowModeWait(modes.slow, state.lastAt, now);
      if (wait > 0 && (!refusal || refusal === 'rate'))
        return { refusal: null, slowWait: wait, banMinutes: null };
      if (refusal) return { refusal, banMinutes: recordRefusal(config, state, refusal) };
      const before = { ...state };
      recordAccepted(state, content, now);
      return { refusal: null, banMinutes: null, before };
    },
  );
  if ('slowWait' in verdict) {
    conn.fail(REALTIME_ERROR.refused, 'liveChat.refused.slowMode', {
      reason: MODE_REFUSAL.slow,
      retry_after: verdict.slowWait,
      msg: conn.t('liveChat.refused.slowMode', { seconds: verdict.slowWait }),
    });
    return;
  }
  if (verdict.refusal) {
    conn.fail(REALTIME_ERROR.refused, `liveChat.refused.${verdict.refusal}`, {
      reason: verdict.refusal,
    });
    if (verdict.banMinutes !== null) {
      await applyBan(ctx, anchorId, user.id, {
        reason: 'auto',
        unit: 'minute',
        amount: verdict.banMinutes,
        byUserId: null,
      });
    }
    return;
  }
  const message = { anchorId, profile: user, isManager: conn.isManager, content };
  if (!props) {
    const saved = await ctx.saveMessage(message);
    ctx.stats.message(anchorId, new Date(saved.time));
    toRoom(ctx, anchorId, { type: SERVER_FRAME.say, data: saved });
    return;
  }
  // A prop message uses one prop in the transaction that stores it; without one, nothing
  // happened, so the chat rules forget the message too.
  const say = await savePropMessage(ctx.rt.db, message, props);
  if (!say) {
    if ('before' in verdict && verdict.before)
      await forgetMessage(ctx.rt.shared, speaker, now, content, verdict.before);
    conn.fail(REALTIME_ERROR.noProp, missingPropKey(props.type), { reason: 'noProp' });
    return;
  }
  ctx.stats.message(anchorId, new Date(say.time));
  toRoom(ctx, anchorId, { type: SERVER_FRAME.say, data: say });
}

/** The joined room when the socket may moderate it; otherwise answers with an error. */
function managedRoom(conn: Connection): number | undefined {
  if (conn.room === undefined) {
    conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom');
    return undefined;
  }
  if (!conn.user || !conn.isManager) {
    conn.fail(REALTIME_ERROR.forbidden, 'liveChat.errors.forbidden');
    return undefined;
  }
  return conn.room;
}

function ack(conn: Connection, action: ManagerAction): void {
  conn.send({ type: SERVER_FRAME.ack, data: { action, msg: conn.t(`liveChat.acks.${action}`) } });
}

/** ban: a manager bans a user of the room for a time and a reason. */
export async function handleBan(ctx: RoomContext, conn: Connection, data: unknown): Promise<void> {
  const anchorId = managedRoom(conn);
  if (anchorId === undefined) return;
  const parsed = CLIENT_FRAME_SCHEMAS.ban.safeParse(data);
  if (!parsed.success) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
    return;
  }
  const { uid, unit, amount, reason } = parsed.data;
  const [target, moderators] = await Promise.all([
    profilesOf(ctx.rt.db, [uid]).then((m) => m.get(uid)),
    roomModerators(ctx.rt.db, anchorId),
  ]);
  if (!target || canModerate(target, moderators)) {
    conn.fail(REALTIME_ERROR.forbidden, 'liveChat.errors.cannotBan');
    return;
  }
  await applyBan(ctx, anchorId, uid, { reason, unit, amount, byUserId: conn.user!.id });
  ack(conn, 'ban');
}

/** unban: a manager lifts a user's ban; their rule counters start again. */
export async function handleUnban(
  ctx: RoomContext,
  conn: Connection,
  data: unknown,
): Promise<void> {
  const anchorId = managedRoom(conn);
  if (anchorId === undefined) return;
  const parsed = CLIENT_FRAME_SCHEMAS.unban.safeParse(data);
  if (!parsed.success) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
    return;
  }
  const { uid } = parsed.data;
  if (!(await liftBans(ctx.rt.db, anchorId, uid))) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.notBanned');
    return;
  }
  await forgetSpeaker(ctx.rt.shared, anchorId, uid);
  toRoom(ctx, anchorId, { type: SERVER_FRAME.unbannedUser, data: { uid } });
  ack(conn, 'unban');
}

/** deleteMsg: a manager removes one message for everyone. */
export async function handleDelete(
  ctx: RoomContext,
  conn: Connection,
  data: unknown,
): Promise<void> {
  const anchorId = managedRoom(conn);
  if (anchorId === undefined) return;
  const parsed = CLIENT_FRAME_SCHEMAS.deleteMsg.safeParse(data);
  if (!parsed.success || !(await deleteMessage(ctx.rt.db, anchorId, parsed.data.id))) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.deleteFailed');
    return;
  }
  toRoom(ctx, anchorId, { type: SERVER_FRAME.deleteMsg, data: { id: parsed.data.id } });
  ack(conn, 'deleteMsg');
}

/** clearChat: a manager clears the room's chat for everyone. */
export async function handleClear(ctx: RoomContext, conn: Connection): Promise<void> {
  const anchorId = managedRoom(conn);
  if (anchorId === undefined) return;
  await clearMessages(ctx.rt.db, anchorId);
  toRoom(ctx, anchorId, {
    type: SERVER_FRAME.clearChat,
    data: { chat_id: anchorId, user_id: conn.user!.id },
  });
  conn.send({ type: SERVER_FRAME.clearRep, data: { chat_id: anchorId } });
  ack(conn, 'clearChat');
}

/** announce: a manager sets the room's announcement and contacts. */
export async function handleAnnounce(
  ctx: RoomContext,
  conn: Connection,
  data: unknown,
): Promise<void> {
  const anchorId = managedRoom(conn);
  if (anchorId === undefined) return;
  const parsed = CLIENT_FRAME_SCHEMAS.announce.safeParse(data);
  if (!parsed.success) {
    // The field's own message (an announcement that shows nothing, a contact too long …).
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput', {
      msg: firstIssueMessage(parsed.error, conn.t),
    });
    return;
  }
  const { content, contact } = parsed.data;
  await setAnnouncement(ctx.rt.db, anchorId, content, contact);
  toRoom(ctx, anchorId, {
    type: SERVER_FRAME.announcement,
    data: { room_id: anchorId, content, contact },
  });
  ack(conn, 'announce');
}

/** Builds the shared context, with the chat config cached for a few seconds. */
export function createRoomContext(rt: Runtime, rooms: Rooms<Connection>): RoomContext {
  let cached: { at: number; config: Promise<ChatConfig> } | undefined;
  return {
    rt,
    rooms,
    saveMessage: createMessageWriter(rt.db),
    snapshots: createRoomSnapshots(rt.db),
    quiz: createQuizHandlers(rt),
    modes: createChatModesCache(rt.db),
    stats: createStatsRecorder(rt.db, (error) =>
      log('warn', 'live_stats_failed', { error: String(error) }),
    ),
    chatConfig() {
      const now = Date.now();
      if (!cached || now - cached.at > 5000) cached = { at: now, config: loadChatConfig(rt.db) };
      return cached.config;
    },
  };
}

/** Lookup used by bus deliveries: applies ban changes to the target's sockets here. */
export function applyRoomSideEffects(ctx: RoomContext, anchorId: number, frame: ServerFrame): void {
  ctx.snapshots.apply(anchorId, frame);
  ctx.quiz.onRoomFrame(anchorId, frame);
  if (frame.type === SERVER_FRAME.chatModes) {
    const { slow, followers, fans, emote } = frame.data;
    ctx.modes.set(anchorId, { slow, followers, fans, emote });
    return;
  }
  if (frame.type !== SERVER_FRAME.bannedUser && frame.type !== SERVER_FRAME.unbannedUser) return;
  // A ban sets the end (null: permanent); a lift clears it.
  const bannedUntil = frame.type === SERVER_FRAME.bannedUser ? frame.data.until : undefined;
  for (const member of ctx.rooms.members(roomKey(anchorId))) {
    if (member.user?.id === frame.data.uid) member.bannedUntil = bannedUntil;
  }
}
