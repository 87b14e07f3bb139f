/**
 * The match a live room broadcasts, as its score strip shows it: starts from what the server
 * rendered and takes the matchLive frames the hub sends to the room (the room's own socket,
 * live-room.ts) through applyMatchLive. Islands subscribe; nothing here touches the DOM.
 */
import { atom } from 'nanostores';
import {
  applyMatchLive,
  matchLiveFrames,
  type MatchLiveState,
} from '../sports/match-live-apply.ts';
import { onRoomFrame } from './live-room.ts';

/** The room's match as shown, or null when the room broadcasts none. */
export const $roomMatch = atom<MatchLiveState | null>(null);

/** Applies one matchLive frame's data to the room's match; false when it was ignored. */
export function receiveRoomMatch(data: unknown): boolean {
  const state = $roomMatch.get();
  if (!state) return false;
  const result = applyMatchLive(state, data);
  if (!result) return false;
  $roomMatch.set(result.state);
  return true;
}

/** Follows the room's match from its rendered state; returns the function that stops it. */
export function followRoomMatch(initial: MatchLiveState): () => void {
  $roomMatch.set(initial);
  const stop = onRoomFrame((frame) => {
    for (const data of matchLiveFrames(frame)) receiveRoomMatch(data);
  });
  return () => {
    stop();
    $roomMatch.set(null);
  };
}
