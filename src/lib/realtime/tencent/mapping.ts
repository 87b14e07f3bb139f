/**
 * Our realtime frames as Tencent Cloud Chat custom messages, both ways, as pure functions.
 *
 * A custom message's payload is `{ data, description, extension }`: `data` is the frame as the
 * hub's wire carries it, JSON `{ type, data }`; `description` repeats the type; `extension` is
 * TENCENT_EXTENSION, which tells our messages from any other the application carries.
 *
 * Where each frame travels (docs/realtime.md, "Tencent Cloud Chat"):
 * - the room's group (group id = the room's groupId, the anchor's id): `say` from any member,
 *   whose `user_id` must be the Tencent sender; `gift` and `quizPrompt` from the administrator
 *   account only, so a browser cannot fake a gift or a quiz;
 * - one-to-one with the administrator account: `login`/`first` (`{ groupId, channel }`: the id and
 *   signature are the Tencent login itself and never travel in a message), `ping`, `giftFeed`
 *   (the spec's name for our client `gift`, the charge request) and `quizPrompt`.
 * Money never rides on Tencent in this build: gifts, bets and chat props go to the hub, and
 * `tencentRoute` sends only a plain `say` to Tencent.
 */
import { z } from 'zod';
import { CHAT_MAX_LENGTH } from '../../rules/chat.ts';
import { isBlank } from '../../rules/text.ts';
import { hasControlCharacter } from '../../validation/text.ts';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  parseFrame,
  type Frame,
  type SayData,
  type ServerFrameData,
  type ServerFrameOf,
} from '../protocol/index.ts';
import { CLIENT_FRAME_SCHEMAS, groupIdSchema } from '../protocol/schemas.ts';

/** `extension` of our custom messages: the format's name and version. */
export const TENCENT_EXTENSION = 'arena.frame/1';

/** The account our server would speak as: a Tencent application's default administrator. */
export const TENCENT_ADMIN = 'administrator';

/** Tencent's message type of a custom message (TencentCloudChat.TYPES.MSG_CUSTOM). */
export const TIM_CUSTOM = 'TIMCustomElem';

/** Tencent's conversation types (TencentCloudChat.TYPES.CONV_GROUP and CONV_C2C). */
export const TIM_CONVERSATION = { group: 'GROUP', c2c: 'C2C' } as const;

/** Name of the spec's charge request to the administrator; our hub's client `gift` frame. */
export const GIFT_FEED = 'giftFeed';

/** The largest `data` accepted (Tencent limits a custom message to 12 KB in all). */
const MAX_DATA_CHARS = 8_000;

/** The payload of a Tencent custom message. */
export interface TencentCustomPayload {
  data: string;
  description: string;
  extension: string;
}

/** The fields of a Tencent message (the SDK's Message) the mapping reads. */
export interface TencentMessage {
  ID: string;
  type: string;
  conversationType: string;
  from: string;
  to: string;
  /** Server time, seconds. */
  time: number;
  /** The message's number in its group, from 1. */
  sequence?: number;
  payload: unknown;
}

/** Where a frame goes: the room's group, or the one-to-one conversation with the administrator. */
export type TencentAddress = 'room' | 'admin';

const int = (min = 0) =>
  z
    .number()
    .int()
    .min(min)
    .max(2 ** 31 - 1);
const text = (max: number) => z.string().max(max);

/** A `say` over Tencent: a plain message (props are paid on the hub, so never here). */
const saySchema = z.object({
  id: z.number().int(),
  content: z
    .string()
    .refine((s) => !hasControlCharacter(s) && !isBlank(s) && [...s].length <= CHAT_MAX_LENGTH),
  user_id: int(1),
  from_client_name: text(64),
  avatar: text(512),
  level: int(),
  vip_level: int(),
  role: int(),
  is_manager: z.boolean(),
  props: z.literal(0),
  props_id: z.literal(0),
  font_color: z.literal(''),
  isColorful: z.literal(false),
  isSpeaker: z.literal(false),
  time: z.number().int().nonnegative(),
});

const giftSchema = z.object({
  id: text(64).min(1),
  giftid: int(1),
  gift_name: text(64),
  count: int(1),
  hit: int(1),
  uid: int(1),
  sender: text(64),
  avatar: text(512),
  level: int(),
  vip_level: int(),
  icon: text(512),
  animation: text(64),
  animat_type: z.union([z.literal(0), z.literal(1)]),
  time: z.number().int().nonnegative(),
});

/** A join as the administrator account hears it: the room and the channel (the hub's schema). */
const joinToAdmin = CLIENT_FRAME_SCHEMAS.login.pick({ groupId: true, channel: true });

/** Who may send a type to an address, and its data. */
interface Route<T = unknown> {
  sender: 'member' | 'admin';
  schema: z.ZodType<T>;
}

/** The frames a room's group carries: server frames, as the room's store takes them. */
export type TencentRoomFrame = ServerFrameOf<
  typeof SERVER_FRAME.say | typeof SERVER_FRAME.gift | typeof SERVER_FRAME.quizPrompt
>;

/** A room `say`: what the browser sends to the group. */
export type TencentSayFrame = ServerFrameOf<typeof SERVER_FRAME.say>;

/** The room's routes; each schema gives its frame's data type (checked here). */
const ROOM_ROUTES = {
  [SERVER_FRAME.say]: { sender: 'member', schema: saySchema },
  [SERVER_FRAME.gift]: { sender: 'admin', schema: giftSchema },
  [SERVER_FRAME.quizPrompt]: { sender: 'admin', schema: z.object({ guess_id: int(1) }) },
} satisfies { [K in TencentRoomFrame['type']]: Route<ServerFrameData[K]> };

/** The frames each address carries, by Tencent-side name. */
const ROUTES: Record<TencentAddress, Record<string, Route>> = {
  room: ROOM_ROUTES,
  admin: {
    // The signature travels as the Tencent login itself, never in a message.
    [CLIENT_FRAME.login]: { sender: 'member', schema: joinToAdmin },
    [CLIENT_FRAME.first]: { sender: 'member', schema: joinToAdmin },
    [CLIENT_FRAME.ping]: {
      sender: 'member',
      schema: z.object({ groupId: groupIdSchema, device_id: text(128) }),
    },
    [GIFT_FEED]: { sender: 'member', schema: CLIENT_FRAME_SCHEMAS.gift },
    [CLIENT_FRAME.quizPrompt]: {
      sender: 'member',
      schema: CLIENT_FRAME_SCHEMAS.quizPrompt.extend({ groupId: groupIdSchema }),
    },
  },
};

/** Tencent-side name of our frame type at `address` (our client `gift` is the spec's giftFeed). */
function tencentName(type: string, address: TencentAddress): string {
  return address === 'admin' && type === CLIENT_FRAME.gift ? GIFT_FEED : type;
}

/** Our frame type of a Tencent-side name at `address`. */
function ourName(name: string, address: TencentAddress): string {
  return address === 'admin' && name === GIFT_FEED ? CLIENT_FRAME.gift : name;
}

/**
 * Where a frame the room sends goes with Tencent Cloud Chat on: a plain `say` to Tencent, all
 * else (a `say` with a prop, gifts, bets, moderation, joins, pings) to the hub.
 */
export function tencentRoute(frame: Frame): 'tencent' | 'hub' {
  if (frame.type !== CLIENT_FRAME.say) return 'hub';
  const { data } = frame;
  if (typeof data !== 'object' || data === null) return 'hub';
  return 'props' in data && data.props !== undefined ? 'hub' : 'tencent';
}

/**
 * The custom-message payload of `frame` sent to `address`; null when that address does not
 * carry the type or the data does not fit it. Unknown fields are dropped (a join's `sig`).
 */
export function toTencent(frame: Frame, address: TencentAddress): TencentCustomPayload | null {
  const name = tencentName(frame.type, address);
  const route = ROUTES[address][name];
  if (!route) return null;
  const parsed = route.schema.safeParse(frame.data);
  if (!parsed.success) return null;
  const data = JSON.stringify({ type: name, data: parsed.data });
  if (data.length > MAX_DATA_CHARS) return null;
  return { data, description: name, extension: TENCENT_EXTENSION };
}

/** A negative id for a Tencent message (ours are positive): its group sequence, else its ID hashed. */
export function tencentMessageId(message: Pick<TencentMessage, 'ID' | 'sequence'>): number {
  const { sequence } = message;
  if (typeof sequence === 'number' && Number.isSafeInteger(sequence) && sequence > 0)
    return -sequence;
  let hash = 0x811c9dc5;
  for (const ch of String(message.ID)) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193);
  return -(2 ** 31 + ((hash >>> 0) % 2 ** 31));
}

function addressOf(message: TencentMessage, adminId: string): TencentAddress | null {
  if (message.conversationType === TIM_CONVERSATION.group) return 'room';
  if (message.conversationType !== TIM_CONVERSATION.c2c) return null;
  return message.to === adminId && message.from !== adminId ? 'admin' : null;
}

/**
 * Our frame from a received Tencent message, or null (never a throw) when it is not one of
 * ours: another message type, another extension, unreadable or oversized data, a type the
 * conversation does not carry, a sender not allowed to send it, or data of the wrong shape.
 * A room `say` takes its user id, id and time from Tencent, not from what the sender wrote.
 */
export function fromTencent(message: unknown, adminId = TENCENT_ADMIN): Frame | null {
  if (typeof message !== 'object' || message === null) return null;
  const m = message as TencentMessage;
  if (m.type !== TIM_CUSTOM || typeof m.from !== 'string') return null;
  const payload = m.payload as Partial<TencentCustomPayload> | null;
  if (typeof payload !== 'object' || payload === null) return null;
  const { data, description, extension } = payload;
  if (extension !== TENCENT_EXTENSION || typeof data !== 'string') return null;
  if (data.length > MAX_DATA_CHARS) return null;
  const address = addressOf(m, adminId);
  const frame = address ? parseFrame(data) : null;
  if (!address || !frame || frame.type !== description) return null;
  const route = ROUTES[address][frame.type];
  if (!route || (route.sender === 'admin') !== (m.from === adminId)) return null;
  const type = ourName(frame.type, address);
  if (address === 'room' && type === SERVER_FRAME.say) {
    const parsed = ROOM_ROUTES[SERVER_FRAME.say].schema.safeParse(frame.data);
    if (!parsed.success) return null;
    const say = parsed.data;
    if (String(say.user_id) !== m.from || !Number.isFinite(m.time)) return null;
    return { type, data: { ...say, id: tencentMessageId(m), time: Math.floor(m.time) * 1000 } };
  }
  const parsed = route.schema.safeParse(frame.data);
  return parsed.success ? { type, data: parsed.data } : null;
}

/**
 * The room frame of a received Tencent message: what fromTencent reads from the room's group,
 * typed (its data passed the room route's schema, whose type is the frame's); null for anything
 * else, one-to-one messages included.
 */
export function roomFrameFromTencent(
  message: unknown,
  adminId = TENCENT_ADMIN,
): TencentRoomFrame | null {
  const frame = fromTencent(message, adminId);
  if (!frame || (message as TencentMessage).conversationType !== TIM_CONVERSATION.group)
    return null;
  return frame as TencentRoomFrame;
}

/** The sender's own fields of a `say`: who is speaking, as the room shows them. */
export type Speaker = Pick<
  SayData,
  'user_id' | 'from_client_name' | 'avatar' | 'level' | 'vip_level' | 'role' | 'is_manager'
>;

/** The room `say` frame of a plain message `content` by `speaker` (id and time set by Tencent). */
export function sayFrame(content: string, speaker: Speaker, now = Date.now()): TencentSayFrame {
  return {
    type: SERVER_FRAME.say,
    data: {
      id: 0,
      content,
      ...speaker,
      props: 0,
      props_id: 0,
      font_color: '',
      isColorful: false,
      isSpeaker: false,
      time: now,
    },
  };
}
