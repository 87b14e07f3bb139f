/**
 * The live room's chat modes as this viewer sees them: the modes the room announced (on joining
 * and when the anchor or a manager changes them), and, in slow mode, when this viewer may send
 * again. The chat input reads these; the room's frames (live-room-state.ts) set them.
 */
import { atom } from 'nanostores';
import { NO_CHAT_MODES, type ChatModes } from '../live/chat-modes.ts';

/** The room's chat modes. */
export const $chatModes = atom<ChatModes>({ ...NO_CHAT_MODES });
/** When (ms) this viewer may send the next message in slow mode; 0 when they may now. */
export const $slowUntil = atom<number>(0);

/** Takes the room's modes from a join or a `chatModes` frame. */
export function setRoomModes(modes: ChatModes): void {
  const { slow, followers, fans, emote } = modes;
  $chatModes.set({ slow, followers, fans, emote });
  if (slow === 0) $slowUntil.set(0);
}

/** A message was sent by a viewer the modes apply to: slow mode starts its wait. */
export function noteSent(isManager: boolean, now = Date.now()): void {
  const { slow } = $chatModes.get();
  if (slow > 0 && !isManager) $slowUntil.set(now + slow * 1000);
}

/** The server refused a message in slow mode: wait what it says. */
export function noteSlowRefusal(retryAfterS: number, now = Date.now()): void {
  $slowUntil.set(now + retryAfterS * 1000);
}

/** Whole seconds left before the next message may be sent (0: now). */
export function slowSecondsLeft(now = Date.now()): number {
  const until = $slowUntil.get();
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** Forgets the room's modes when the room is left. */
export function resetRoomModes(): void {
  $chatModes.set({ ...NO_CHAT_MODES });
  $slowUntil.set(0);
}
