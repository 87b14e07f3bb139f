/**
 * The match centre's live state: starts from what the server rendered and takes every
 * matchLive frame from the hub through applyMatchLive (short payloads and repeats are ignored).
 */
import { atom } from 'nanostores';
import type { MatchLiveKind } from '../sports/match-centre.ts';
import {
  applyMatchLive,
  matchLiveFrames,
  type MatchLiveState,
} from '../sports/match-live-apply.ts';
import { watchMatchSocket } from '../sports/match-live-socket.ts';

/** The match as shown, or null before startMatchLive. */
export const $matchLive = atom<MatchLiveState | null>(null);
/** The kind changed by the last applied frame, and the new line's id for text. */
export const $matchLiveChange = atom<{ kind: MatchLiveKind; lineId?: number } | null>(null);
/** True while connected to the hub. */
export const $matchLiveConnected = atom(false);

/** Applies one matchLive frame's data; false when it was ignored. */
export function receiveMatchLive(data: unknown): boolean {
  const state = $matchLive.get();
  if (!state) return false;
  const result = applyMatchLive(state, data);
  if (!result) return false;
  $matchLive.set(result.state);
  const lineId =
    result.kind === 'text'
      ? result.state.lines.find((l) => !state.lines.some((o) => o.id === l.id))?.id
      : undefined;
  $matchLiveChange.set({ kind: result.kind, lineId });
  return true;
}

/** Starts following a match from its rendered state; returns the function that stops it. */
export function startMatchLive(initial: MatchLiveState): () => void {
  $matchLive.set(initial);
  return watchMatchSocket(initial.matchId, {
    onFrame: (frame) => {
      for (const data of matchLiveFrames(frame)) receiveMatchLive(data);
    },
    onConnected: (connected) => $matchLiveConnected.set(connected),
  });
}
