/**
 * A live room's chat modes, set by its anchor and managers (as on Twitch): slow mode, followers
 * only, fan group only and emote only. The hub enforces them; the chat box shows the active ones
 * and, in slow mode, counts down to the next message. Speaker-prop messages, managers and the
 * anchor are exempt.
 */
import { z } from 'zod';
import { EMOJI_TABS } from './emoji.ts';

/** Slow mode's shortest and longest wait between one viewer's messages, in seconds. */
export const SLOW_MODE_MIN_S = 3;
export const SLOW_MODE_MAX_S = 120;
/** Longest follow age followers-only mode may ask for, in minutes (30 days). */
export const FOLLOW_MINUTES_MAX = 43_200;

/** The modes of one room. */
export interface ChatModes {
  /** Seconds between one viewer's messages; 0 when slow mode is off. */
  slow: number;
  /** Minutes a viewer must have followed the anchor (0: any follower); null when off. */
  followers: number | null;
  /** Only members of the anchor's fan group may speak. */
  fans: boolean;
  /** Messages may hold emoji only. */
  emote: boolean;
}

/** A room with every mode off. */
export const NO_CHAT_MODES: ChatModes = { slow: 0, followers: null, fans: false, emote: false };

/** What a manager's `chatModes` frame carries: the room's new modes. */
export const chatModesSchema = z.object({
  slow: z.union([z.literal(0), z.number().int().min(SLOW_MODE_MIN_S).max(SLOW_MODE_MAX_S)]),
  followers: z.number().int().min(0).max(FOLLOW_MINUTES_MAX).nullable(),
  fans: z.boolean(),
  emote: z.boolean(),
});

/** True when some mode is on. */
export function anyChatMode(modes: ChatModes): boolean {
  return modes.slow > 0 || modes.followers !== null || modes.fans || modes.emote;
}

const PICKER_EMOJI = new Set<string>(Object.values(EMOJI_TABS).flat());
// One pictograph with its modifiers (skin tones, variation selectors, joined sequences, flags).
const EMOJI_CLUSTER =
  /(?:\p{Regional_Indicator}{2}|\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})*)*)/gu;

/**
 * True when `content` is made of emoji only (spaces between them allowed): the picker's and any
 * other pictograph. Digits, `#` and `*` are not emotes even though Unicode counts them as emoji.
 */
export function isEmoteOnly(content: string): boolean {
  const rest = content.replace(EMOJI_CLUSTER, '').replace(/[\s\uFE0F\u200D]/gu, '');
  if (rest.length > 0) return false;
  return (content.match(EMOJI_CLUSTER) ?? []).length > 0 || PICKER_EMOJI.has(content.trim());
}

/** Whole seconds left before a viewer whose last message was at `lastAt` may speak again. */
export function slowModeWait(slowSeconds: number, lastAt: number, now: number): number {
  if (slowSeconds <= 0 || lastAt <= 0) return 0;
  const left = lastAt + slowSeconds * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Why a chat mode refuses a message. */
export const MODE_REFUSAL = {
  slow: 'slowMode',
  followers: 'followersOnly',
  fans: 'fansOnly',
  emote: 'emoteOnly',
} as const;

export type ModeRefusal = (typeof MODE_REFUSAL)[keyof typeof MODE_REFUSAL];
