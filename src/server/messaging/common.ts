/**
 * What every kind of conversation shares: who people are, the send switch and the chat rules
 * (links, rate, repeats, length), images that must be our own uploads, a per-user send budget,
 * and publishing frames to inbox sockets over the bus.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Frame } from '../../lib/realtime/protocol.ts';
import {
  CHAT_REFUSAL,
  checkMessage,
  newSpeakerState,
  recordAccepted,
  type SpeakerState,
} from '../../lib/rules/chat.ts';
import { MESSAGE_MAX_LENGTH, type ChatPerson } from '../../lib/messaging/types.ts';
import type { Db } from '../db/index.ts';
import { appConfig, ROLE, users } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { loadChatConfig } from '../live/chat.ts';
import type { Bus, InboxTarget, GroupMembership } from '../realtime/bus.ts';

/** The app_config key of the send switch (spec §6): 0 turns sending off, anything else on. */
export const SEND_SWITCH_KEY = 'message_send_switch';

/** Messages one user may send per minute over all conversations. */
const SENDS_PER_MINUTE = 40;
/** Most speakers the chat rules remember; past it the oldest is forgotten. */
const MAX_SPEAKERS = 50_000;

/** What sending remembers: each user's budget and, per conversation, the chat rules' state. */
interface SendMemory {
  budget: RateLimiter;
  speakers: Map<string, SpeakerState>;
}

/** Per database: one in production; tests open several in one process with the same ids. */
const memories = new WeakMap<Db, SendMemory>();

function memoryOf(db: Db): SendMemory {
  let memory = memories.get(db);
  if (!memory) {
    memory = { budget: new RateLimiter(SENDS_PER_MINUTE, 60_000), speakers: new Map() };
    memories.set(db, memory);
  }
  return memory;
}

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
  db: Db,
  userId: number,
  scope: string,
  content: string,
  hasImage: boolean,
): Promise<void> {
  await assertSendingOpen(db);
  const { budget, speakers } = memoryOf(db);
  if (!budget.take(String(userId))) throw new ApiError('errors.tooMany', { httpStatus: 429 });
  if (hasImage && content === '') return;
  const key = `${scope}:${userId}`;
  let state = speakers.get(key);
  if (!state) {
    if (speakers.size >= MAX_SPEAKERS) speakers.delete(speakers.keys().next().value!);
    state = newSpeakerState();
    speakers.set(key, state);
  }
  const config = await loadChatConfig(db);
  const now = Date.now();
  const refusal = checkMessage(config, state, content, now, MESSAGE_MAX_LENGTH);
  if (refusal === CHAT_REFUSAL.tooLong) {
    throw new ApiError('messaging.errors.tooLong', { params: { max: MESSAGE_MAX_LENGTH } });
  }
  if (refusal) throw new ApiError(`liveChat.refused.${refusal}`);
  recordAccepted(state, content, now);
}

/** Our own uploads only: a path POST /api/user/file answered. */
const UPLOAD_PATH = /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/;

/** True when `url` is an image this platform stored. */
export function isOwnUpload(url: string): boolean {
  return UPLOAD_PATH.test(url);
}

/** Publishes a frame to inbox sockets (and a membership change) on every process. */
export function toInbox(
  bus: Bus,
  to: InboxTarget,
  frame?: Frame,
  membership?: GroupMembership,
): void {
  bus.publish({
    kind: 'inbox',
    to,
    ...(frame ? { frame } : {}),
    ...(membership ? { membership } : {}),
  });
}

/** Seconds of a date, as the spec's send_time of group and staff messages. */
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Page `page` (1-based) of `size`: the offset. */
export const offsetOf = (page: number, size: number) => (page - 1) * size;
