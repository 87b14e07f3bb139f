/**
 * Chat modes in the hub: the anchor or a manager sets the room's modes (stored, then announced to
 * the room on every process, whose caches take them from the frame), and a message is checked
 * against the modes that need no speaker memory (followers, fan group, emote). Slow mode is
 * checked with the chat rules in handleSay, on the speaker's shared memory.
 */
import {
  isEmoteOnly,
  MODE_REFUSAL,
  type ChatModes,
  type ModeRefusal,
} from '../../lib/live/chat-modes.ts';
import { REALTIME_ERROR, SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import { isBlank } from '../../lib/rules/text.ts';
import { followedFor, inFanGroup, saveChatModes } from '../live/chat-modes.ts';
import type { Connection } from './connection.ts';
import type { Runtime } from '../runtime.ts';

/** What these handlers need of the room context (room-handlers.ts). */
interface ModesContext {
  rt: Runtime;
}

/** chatModes: the anchor or a manager sets all of the room's modes at once. */
export async function handleChatModes(
  ctx: ModesContext,
  conn: Connection,
  data: unknown,
): Promise<void> {
  const anchorId = conn.room;
  if (anchorId === undefined) {
    conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom');
    return;
  }
  if (!conn.user || !conn.isManager) {
    conn.fail(REALTIME_ERROR.forbidden, 'liveChat.errors.forbidden');
    return;
  }
  const parsed = CLIENT_FRAME_SCHEMAS.chatModes.safeParse(data);
  if (!parsed.success) {
    conn.fail(REALTIME_ERROR.badFrame, 'liveChat.errors.badInput');
    return;
  }
  const modes: ChatModes = parsed.data;
  await saveChatModes(ctx.rt.db, anchorId, modes, conn.user.id);
  ctx.rt.bus.publish({
    kind: 'room',
    anchorId,
    frame: { type: SERVER_FRAME.chatModes, data: { room_id: anchorId, ...modes } },
  });
  conn.send({
    type: SERVER_FRAME.ack,
    data: { action: 'chatModes', msg: conn.t('liveChat.acks.chatModes') },
  });
}

/**
 * Refuses a message that the room's followers, fan-group or emote mode forbids (answering the
 * speaker) and returns true; false when the message may go on to the chat rules.
 */
export async function refuseByMode(
  ctx: ModesContext,
  conn: Connection,
  anchorId: number,
  userId: number,
  modes: ChatModes,
  content: string,
): Promise<boolean> {
  let refusal: ModeRefusal | null = null;
  let key = '';
  let params: Record<string, number> = {};
  if (modes.emote && !isBlank(content) && !isEmoteOnly(content)) {
    refusal = MODE_REFUSAL.emote;
    key = 'emoteOnly';
  } else if (
    modes.followers !== null &&
    !(await followedFor(ctx.rt.db, userId, anchorId, modes.followers))
  ) {
    refusal = MODE_REFUSAL.followers;
    key = modes.followers > 0 ? 'followersFor' : 'followersOnly';
    params = { minutes: modes.followers };
  } else if (modes.fans && !(await inFanGroup(ctx.rt.db, userId, anchorId))) {
    refusal = MODE_REFUSAL.fans;
    key = 'fansOnly';
  }
  if (!refusal) return false;
  conn.fail(REALTIME_ERROR.refused, `liveChat.refused.${key}`, {
    reason: refusal,
    msg: conn.t(`liveChat.refused.${key}`, params),
  });
  return true;
}
