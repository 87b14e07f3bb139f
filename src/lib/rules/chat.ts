/**
 * The chat rules of a live room (spec §3 chat config, §5 defaults), as pure functions over a
 * speaker's recent history. The hub enforces them; the chat box uses the same checks to warn
 * early. Which message a refusal shows is decided by its code (see CHAT_REFUSAL).
 */
import { hasControlCharacter } from '../validation/text.ts';
import { isBlank } from './text.ts';

/** Chat config as `/api/live/chat_config` returns it (spec §3). */
export interface ChatConfig {
  id: number;
  /** Minutes of the automatic ban when `total_trigger` refusals add up; 0 for no ban. */
  total_trigger_banned: number;
  /** Minutes of the automatic ban for repeating one message; 0 for no ban. */
  continue_trigger_banned: number;
  /** The same message this many times in a row is refused as spam. */
  continue_trigger_num: number;
  /** 1 forbids links. */
  link_set: number;
  /** Number-only messages allowed in a row. */
  num_msg_count: number;
  /** Longest run of digits one message may hold (longer runs look like phone or QQ ads). */
  single_msg_num_length: number;
  /** Seconds a speaker waits between two messages. */
  speak_rate: number;
  /** 1 turns the repeated-message rule on. */
  toggle_continue_trigger: number;
  /** 1 turns the link rule on. */
  toggle_link_set: number;
  /** 1 turns the number-only rule on. */
  toggle_num_msg_count: number;
  /** 1 turns the digit-run rule on. */
  toggle_single_msg: number;
  /** 1 turns the speak rate on. */
  toggle_speak_rate: number;
  /** 1 turns the automatic ban after `total_trigger` refusals on. */
  toggle_total_trigger: number;
  /** Refusals that lead to an automatic ban. */
  total_trigger: number;
}

/** Defaults of spec §5: every rule on except links, which the demo config turns on. */
export const DEFAULT_CHAT_CONFIG: ChatConfig = {
  id: 1,
  total_trigger_banned: 10,
  continue_trigger_banned: 10,
  continue_trigger_num: 2,
  link_set: 0,
  num_msg_count: 2,
  single_msg_num_length: 3,
  speak_rate: 2,
  toggle_continue_trigger: 1,
  toggle_link_set: 0,
  toggle_num_msg_count: 1,
  toggle_single_msg: 1,
  toggle_speak_rate: 1,
  toggle_total_trigger: 1,
  total_trigger: 3,
};

/** Longest chat message, in characters. */
export const CHAT_MAX_LENGTH = 100;

/** Why a message was refused. */
export const CHAT_REFUSAL = {
  empty: 'empty',
  tooLong: 'tooLong',
  control: 'control',
  rate: 'rate',
  link: 'link',
  numberLimit: 'numberLimit',
  advertising: 'advertising',
  repeated: 'repeated',
  banned: 'banned',
  guest: 'guest',
} as const;

/** A refusal code. */
export type ChatRefusal = (typeof CHAT_REFUSAL)[keyof typeof CHAT_REFUSAL];

/** What the rules remember of one speaker in one room. */
export interface SpeakerState {
  /** When the last accepted message was sent (ms); 0 before any. */
  lastAt: number;
  /** The last accepted message. */
  lastContent: string;
  /** How many times in a row `lastContent` was sent. */
  sameRun: number;
  /** Number-only messages in a row. */
  numberRun: number;
  /** Refusals since the last ban or unban. */
  refusals: number;
}

/** A speaker who has said nothing yet. */
export function newSpeakerState(): SpeakerState {
  return { lastAt: 0, lastContent: '', sameRun: 0, numberRun: 0, refusals: 0 };
}

const LINK =
  /(https?:\/\/|www\.|\b[a-z0-9-]{2,}\.(com|cn|net|org|io|tv|cc|me|top|xyz|vip|info|live|app|link|club|site|shop)\b)/i;
const NUMBER_ONLY = /^[\d\s.,:+-]+$/;

/** True when `text` holds a web address. */
export function hasLink(text: string): boolean {
  return LINK.test(text);
}

/** Length of the longest run of digits in `text`. */
export function longestDigitRun(text: string): number {
  let best = 0;
  for (const run of text.match(/\d+/g) ?? []) best = Math.max(best, run.length);
  return best;
}

/** Checks one trimmed message against the config; null when it may be sent. */
export function checkMessage(
  config: ChatConfig,
  state: SpeakerState,
  content: string,
  now: number,
  maxLength = CHAT_MAX_LENGTH,
): ChatRefusal | null {
  // A chat line has no use for any control character, tab and line breaks included.
  if (hasControlCharacter(content)) return CHAT_REFUSAL.control;
  if (isBlank(content)) return CHAT_REFUSAL.empty;
  if ([...content].length > maxLength) return CHAT_REFUSAL.tooLong;
  if (config.toggle_speak_rate && state.lastAt && now - state.lastAt < config.speak_rate * 1000)
    return CHAT_REFUSAL.rate;
  if (config.toggle_link_set && config.link_set && hasLink(content)) return CHAT_REFUSAL.link;
  if (
    config.toggle_num_msg_count &&
    NUMBER_ONLY.test(content) &&
    state.numberRun >= config.num_msg_count
  )
    return CHAT_REFUSAL.numberLimit;
  if (config.toggle_single_msg && longestDigitRun(content) > config.single_msg_num_length)
    return CHAT_REFUSAL.advertising;
  if (
    config.toggle_continue_trigger &&
    content === state.lastContent &&
    state.sameRun + 1 >= config.continue_trigger_num
  )
    return CHAT_REFUSAL.repeated;
  return null;
}

/** Records an accepted message. */
export function recordAccepted(state: SpeakerState, content: string, now: number): void {
  state.sameRun = content === state.lastContent ? state.sameRun + 1 : 1;
  state.lastContent = content;
  state.lastAt = now;
  state.numberRun = NUMBER_ONLY.test(content) ? state.numberRun + 1 : 0;
}

/**
 * Records a refusal and says whether it earns an automatic ban, in minutes (null for none).
 * Repeating a message bans at once when continue_trigger_banned is set; any refusal counts
 * towards total_trigger.
 */
export function recordRefusal(
  config: ChatConfig,
  state: SpeakerState,
  refusal: ChatRefusal,
): number | null {
  if (
    refusal === CHAT_REFUSAL.empty ||
    refusal === CHAT_REFUSAL.tooLong ||
    refusal === CHAT_REFUSAL.control
  )
    return null;
  state.refusals += 1;
  if (refusal === CHAT_REFUSAL.repeated && config.continue_trigger_banned > 0) {
    state.refusals = 0;
    return config.continue_trigger_banned;
  }
  if (
    config.toggle_total_trigger &&
    config.total_trigger_banned > 0 &&
    state.refusals >= config.total_trigger
  ) {
    state.refusals = 0;
    return config.total_trigger_banned;
  }
  return null;
}

/** Ban length units a manager picks from (spec §6). */
export const BAN_UNITS = ['minute', 'hour', 'day', 'permanent'] as const;
/** A ban length unit. */
export type BanUnit = (typeof BAN_UNITS)[number];

/** Ban reasons a manager picks from (spec §6); `auto` is the chat rules' own. */
export const BAN_REASONS = [
  'advertising',
  'porn',
  'false_info',
  'abuse',
  'illegal',
  'political',
  'others',
  'auto',
] as const;
/** A ban reason code. */
export type BanReason = (typeof BAN_REASONS)[number];

const UNIT_MS: Record<Exclude<BanUnit, 'permanent'>, number> = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** End of a ban of `amount` `unit`s from `now`; null for permanent. */
export function banUntil(unit: BanUnit, amount: number, now: number): number | null {
  return unit === 'permanent' ? null : now + UNIT_MS[unit] * amount;
}
