/**
 * Applying matchLive frames to what the match centre shows. Pure: the live island keeps a
 * MatchLiveState, passes every frame through applyMatchLive and renders what changed.
 */
import { SERVER_FRAME, type MatchLiveData, type ServerFrame } from '../realtime/protocol/index.ts';
import {
  MATCH_LIVE_GUARDS,
  MATCH_LIVE_KINDS,
  type MatchLineups,
  type MatchLiveKind,
  type MatchLivePayloads,
  type MatchPhase,
  type MatchState,
  type MatchStats,
  type TextLine,
} from './match-centre.ts';

/** Payloads of this many characters or fewer are ignored (spec §4). */
export const MAX_IGNORED_PAYLOAD_CHARS = 4;

/** How many text lines the page keeps; older ones drop off the end. */
export const MAX_TEXT_LINES = 300;

/** What the match centre shows of one match. */
export interface MatchLiveState {
  matchId: number;
  status: MatchState;
  /** Where a live match is (half-time ...); null when not known or not live. */
  phase?: MatchPhase | null;
  homeScore: number | null;
  awayScore: number | null;
  /** Newest first. */
  lines: TextLine[];
  stats: MatchStats | null;
  lineups: MatchLineups | null;
}

/** A matchLive frame's data once read: `{ matchId, kind, payload }` with the payload parsed. */
export type MatchLiveUpdate = {
  [K in MatchLiveKind]: { matchId: number; kind: K; value: MatchLivePayloads[K] };
}[MatchLiveKind];

/** The payload as text: strings as they are, anything else as JSON. */
export function payloadText(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (payload === undefined) return '';
  try {
    return JSON.stringify(payload) ?? '';
  } catch {
    return '';
  }
}

/** True when a payload is too short to mean anything and must be ignored (4 characters or fewer). */
export function isIgnoredPayload(payload: unknown): boolean {
  return payloadText(payload).length <= MAX_IGNORED_PAYLOAD_CHARS;
}

/**
 * Reads a matchLive frame's data; null when it must be ignored: not an object, unknown kind,
 * payload of 4 characters or fewer, unreadable JSON, or a value of the wrong shape.
 */
export function readMatchLive(data: unknown): MatchLiveUpdate | null {
  if (typeof data !== 'object' || data === null) return null;
  const { matchId, kind, payload } = data as {
    matchId?: unknown;
    kind?: unknown;
    payload?: unknown;
  };
  if (typeof matchId !== 'number' || !Number.isInteger(matchId)) return null;
  if (!(MATCH_LIVE_KINDS as readonly unknown[]).includes(kind)) return null;
  if (isIgnoredPayload(payload)) return null;
  let value: unknown = payload;
  if (typeof payload === 'string') {
    try {
      value = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  const k = kind as MatchLiveKind;
  if (!MATCH_LIVE_GUARDS[k](value)) return null;
  return { matchId, kind: k, value } as MatchLiveUpdate;
}

/**
 * The state after one frame and the kind that changed, or null when the frame is ignored (other
 * match, rule above, a text line shown already exactly so, a removal of a line not shown). A text
 * line with the id of one shown replaces it: the desk corrected it. The state passed in is not
 * modified.
 */
export function applyMatchLive(
  state: MatchLiveState,
  data: unknown,
): { state: MatchLiveState; kind: MatchLiveKind } | null {
  const update = readMatchLive(data);
  if (!update || update.matchId !== state.matchId) return null;
  switch (update.kind) {
    case 'text': {
      const line = update.value;
      const shown = state.lines.find((l) => l.id === line.id);
      if (
        shown &&
        shown.minute === line.minute &&
        shown.kind === line.kind &&
        shown.zh === line.zh &&
        shown.en === line.en
      ) {
        return null;
      }
      const lines = [...state.lines.filter((l) => l.id !== line.id), line]
        .sort((a, b) => b.minute - a.minute || b.id - a.id)
        .slice(0, MAX_TEXT_LINES);
      return { state: { ...state, lines }, kind: 'text' };
    }
    case 'score': {
      const { home, away, status } = update.value;
      const phase = status === 1 ? (update.value.phase ?? null) : null;
      return {
        state: { ...state, homeScore: home, awayScore: away, status, phase },
        kind: 'score',
      };
    }
    case 'remove': {
      if (!state.lines.some((l) => l.id === update.value.id)) return null;
      const lines = state.lines.filter((l) => l.id !== update.value.id);
      return { state: { ...state, lines }, kind: 'remove' };
    }
    case 'stats':
      return { state: { ...state, stats: update.value }, kind: 'stats' };
    case 'lineup':
      return { state: { ...state, lineups: update.value }, kind: 'lineup' };
  }
}

/**
 * The data of every matchLive frame in a received frame, looking inside batches (readMatchLive
 * still checks each one: a payload may be too short or of the wrong shape).
 */
export function matchLiveFrames(frame: ServerFrame): MatchLiveData[] {
  if (frame.type === SERVER_FRAME.matchLive) return [frame.data];
  if (frame.type !== SERVER_FRAME.batch) return [];
  return frame.data.flatMap((inner) =>
    typeof inner === 'object' && inner !== null ? matchLiveFrames(inner) : [],
  );
}
