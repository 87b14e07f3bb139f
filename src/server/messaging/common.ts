/**
 * What every kind of conversation shares: who people are, the send switch and the chat rules
 * (links, rate, repeats, length), images that must be stored uploads, a per-user send budget,
 * and publishing frames to inbox sockets over the bus.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ServerFrame } from '../../lib/realtime/protocol/index.ts';
import {
  CHAT_REFUSAL,
  checkMessage,
  newSpeakerState,
  recordAccepted,
} from '../../lib/rules/chat.ts';
import { MESSAGE_MAX_LENGTH, type ChatPerson } from '../../lib/messaging/types.ts';
import type { Db } from '../db/index.ts';
import { appConfig, ROLE, users } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { loadChatConfig } from '../live/chat.ts';
import type { Bus, InboxTarget, GroupMembership } from '../shared/bus.ts';
import type { Runtime } from '../runtime.ts';
import { rateLimit } from '../shared/limits.ts';
import { acceptsImage, PUBLIC_USES } from '../uploads/refs.ts';

/** The app_config key of the send switch (spec §6): 0 turns sending off, anything else on. */
export const SEND_SWITCH_KEY = 'message_send_switch';

/** Messages one user may send per minute over all conversations. */
const sends = rateLimit('messaging.sends', 40, 60_000);
/** How long the chat rules remember a speaker in a conversation after their last message. */
export const SPEAKER_MEMORY_MS = 3_600_000;

/** People by id: nickname and avatar. */
export async function peopleOf(db: Db, ids: number[]): Promise<Map<number, ChatPerson>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ uid: users.id, nick_name: users.nickName, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.uid, r]));
}

/** One person, or a placeholder for a deleted account. */
export function personOr(people: Map<number, ChatPerson>, uid: number): ChatPerson {
  return people.get(uid) ?? { uid, nick_name: '', avatar: '' };
}

/** Who acts: the session's user id and role (the session already read them). */
export interface Actor {
  id: number;
  role: number;
}

/** True when the actor is an administrator. */
export const isAdmin = (actor: Actor) => actor.role === ROLE.admin;

/** Refuses when the platform has turned sending off. */
export async function assertSendingOpen(db: Db): Promise<void> {
  const [row] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, SEND_SWITCH_KEY));
  if (row && row.value === 0) throw new ApiError('messaging.errors.sendingOff');
}

/**
 * Checks a message before it is stored: the send switch, the user's send budget, then the chat
 * rules of the live rooms (control characters, blank, length, rate, links, digits, repeats) in
 * the conversation `scope`. An image message may have no text.
 */
export async function checkSend(
  rt: Pick<Runtime, 'db' | 'shared'>,
  userId: number,
  scope: string,
  content: string,
  hasImage: boolean,
): Promise<void> {
  await assertSendingOpen(rt.db);
  await sends.enforce(rt, String(userId));
  if (hasImage && content === '') return;
  const config = await loadChatConfig(rt.db);
  const now = Date.now();
  const refusal = await rt.shared.update(
    `speaker:${scope}:${userId}`,
    SPEAKER_MEMORY_MS,
    newSpeakerState,
    (state) => {
      const found = checkMessage(config, state, content, now, MESSAGE_MAX_LENGTH);
      if (!found) recordAccepted(state, content, now);
      return found;
    },
  );
  if (refusal === CHAT_REFUSAL.tooLong) {
    throw new ApiError('messaging.errors.tooLong', { params: { max: MESSAGE_MAX_LENGTH } });
  }
  if (refusal) throw new ApiError(`liveChat.refused.${refusal}`);
}

/**
 * True when `url` names an image stored by POST /api/user/file (any user's, since a message may
 * pass a picture on, but never a private one such as an ID photo): a path of that shape naming
 * no stored upload is refused.
 */
export function isStoredImage(db: Db, url: string): Promise<boolean> {
  return acceptsImage(db, url, { uses: PUBLIC_USES });
}

/** Publishes a frame to inbox sockets (and a membership change) on every process. */
export function toInbox(
  bus: Bus,
  to: InboxTarget,
  frame?: ServerFrame,
  membership?: GroupMembership,
): void {
  bus.publish({
    kind: 'inbox',
    to,
    ...(frame ? { frame } : {}),
    ...(membership ? { membership } : {}),
  });
}

/** Page `page` (1-based) of `size`: the offset. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;
