/**
 * The chat rules' memory of each speaker in a live room (last message, repeats, refusals), kept
 * in the runtime's shared state so that a speaker who reaches several processes meets one set of
 * rules.
 */
import { newSpeakerState, type SpeakerState } from '../../lib/rules/chat.ts';
import type { SharedState } from '../shared/state.ts';

/** How long a speaker's memory lasts after their last message or refusal. */
export const SPEAKER_MEMORY_MS = 3_600_000;

/** The shared-state key of user `userId` speaking in the room of `anchorId`. */
export const roomSpeakerKey = (anchorId: number, userId: number) =>
  `speaker:r${anchorId}:${userId}`;

/** The rules start again for this speaker (a lifted ban). */
export function forgetSpeaker(shared: SharedState, anchorId: number, userId: number) {
  return shared.update(
    roomSpeakerKey(anchorId, userId),
    SPEAKER_MEMORY_MS,
    newSpeakerState,
    (s) => {
      Object.assign(s, newSpeakerState());
    },
  );
}

/** The message fields of a speaker's memory, as they were before a message was recorded. */
export type MessageMemory = Pick<SpeakerState, 'lastAt' | 'lastContent' | 'sameRun' | 'numberRun'>;

/**
 * Takes back a message recorded at `at` that did not happen after all (its prop was missing),
 * unless the speaker has said something since.
 */
export function forgetMessage(
  shared: SharedState,
  key: string,
  at: number,
  content: string,
  before: MessageMemory,
) {
  return shared.update(key, SPEAKER_MEMORY_MS, newSpeakerState, (s) => {
    if (s.lastAt !== at || s.lastContent !== content) return;
    s.lastAt = before.lastAt;
    s.lastContent = before.lastContent;
    s.sameRun = before.sameRun;
    s.numberRun = before.numberRun;
  });
}
