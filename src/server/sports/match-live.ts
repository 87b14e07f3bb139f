/**
 * Live match updates: publishMatchLive stores a text line, score, statistics or line-ups of a
 * match and announces it to the listeners registered with onMatchLive. The realtime hub is such
 * a listener: it sends each message as a `matchLive` frame to the sockets watching the match.
 *
 * @example
 * const stop = onMatchLive((m) => hub.toMatch(m.matchId, { type: SERVER_FRAME.matchLive, data: m }));
 * await publishMatchLive(db, 42, { kind: 'text', minute: 67, event: 'goal', zh: '进球！', en: 'Goal!' });
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  MATCH_LIVE_GUARDS,
  type MatchEventKind,
  type MatchLineups,
  type MatchLiveKind,
  type MatchLivePayloads,
  type MatchPhase,
  type MatchState,
  type MatchStats,
} from '../../lib/sports/match-centre.ts';
import type { MatchLiveData } from '../../lib/realtime/protocol/index.ts';
import type { Db } from '../db/index.ts';
import { matchDetails, matchEvents, matches, MATCH_STATUS } from '../db/schema.ts';
import { log } from '../log.ts';

/** What publishMatchLive announces: the data of a matchLive frame; payload is the value as JSON. */
export type MatchLiveMessage = MatchLiveData;

/**
 * An update to publish, by kind. A text line with an `id` corrects that line of the match; one
 * written in one language only is shown in that language on both sites until it is translated.
 */
export type MatchLiveInput =
  | { kind: 'text'; id?: number; minute: number; event?: MatchEventKind; zh: string; en: string }
  | { kind: 'score'; home: number; away: number; status?: MatchState; phase?: MatchPhase | null }
  | { kind: 'stats'; stats: MatchStats }
  | { kind: 'lineup'; lineups: MatchLineups }
  | { kind: 'remove'; id: number };

/** Receives every published update. */
export type MatchLiveListener = (message: MatchLiveMessage) => void;

/** Refused update: unknown match or a value of the wrong shape. */
export class MatchLiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MatchLiveError';
  }
}

// On globalThis, like the runtime: the dev server may load this module again after an edit, and
// publishers and the hub must still share one set.
const KEY = Symbol.for('arena-live.match-live-listeners');
const holder = globalThis as { [KEY]?: Set<MatchLiveListener> };
const listeners = (holder[KEY] ??= new Set<MatchLiveListener>());

/** Registers a listener for every published update; returns the function that removes it. */
export function onMatchLive(listener: MatchLiveListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function announce(message: MatchLiveMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (err) {
      // One failing listener must not keep the update from the others.
      log('error', 'match_live_listener', { matchId: message.matchId, error: String(err) });
    }
  }
}

function check<K extends MatchLiveKind>(kind: K, value: unknown): MatchLivePayloads[K] {
  if (!MATCH_LIVE_GUARDS[kind](value)) throw new MatchLiveError(`invalid ${kind} update`);
  return value;
}

async function store(
  db: Db,
  matchId: number,
  input: MatchLiveInput,
): Promise<MatchLivePayloads[MatchLiveKind]> {
  switch (input.kind) {
    case 'text': {
      const zh = input.zh.trim();
      const en = input.en.trim();
      const draft = {
        id: input.id ?? 0,
        minute: input.minute,
        kind: input.event ?? 'info',
        zh: zh || en,
        en: en || zh,
      };
      check('text', draft);
      const values = { minute: draft.minute, kind: draft.kind, textZh: draft.zh, textEn: draft.en };
      if (input.id !== undefined) {
        const updated = await db
          .update(matchEvents)
          .set(values)
          .where(and(eq(matchEvents.id, input.id), eq(matchEvents.matchId, matchId)))
          .returning({ id: matchEvents.id });
        if (updated.length === 0) throw new MatchLiveError(`unknown line ${input.id}`);
        return draft;
      }
      const [row] = await db
        .insert(matchEvents)
        .values({ matchId, ...values })
        .returning({ id: matchEvents.id });
      return { ...draft, id: row!.id };
    }
    case 'remove': {
      const removal = check('remove', { id: input.id });
      const gone = await db
        .delete(matchEvents)
        .where(and(eq(matchEvents.id, removal.id), eq(matchEvents.matchId, matchId)))
        .returning({ id: matchEvents.id });
      if (gone.length === 0) throw new MatchLiveError(`unknown line ${input.id}`);
      return removal;
    }
    case 'score': {
      const [current] = await db
        .select({ status: matches.status })
        .from(matches)
        .where(eq(matches.id, matchId));
      // A score for a match not started yet means it has started.
      const status = (input.status ??
        (current?.status === MATCH_STATUS.scheduled
          ? MATCH_STATUS.live
          : current?.status)) as MatchState;
      // Only a live match has a phase.
      const phase = status === MATCH_STATUS.live ? (input.phase ?? null) : null;
      const value = check('score', { home: input.home, away: input.away, status, phase });
      // A match not under way (not started, postponed, cancelled) keeps the score it had.
      const played = status === MATCH_STATUS.live || status === MATCH_STATUS.finished;
      await db
        .update(matches)
        .set(
          played
            ? { homeScore: value.home, awayScore: value.away, status: value.status, phase }
            : { status: value.status, phase },
        )
        .where(eq(matches.id, matchId));
      return value;
    }
    case 'stats': {
      const stats = check('stats', input.stats);
      await db
        .insert(matchDetails)
        .values({ matchId, stats })
        .onConflictDoUpdate({
          target: matchDetails.matchId,
          set: { stats, updatedAt: sql`now()` },
        });
      return stats;
    }
    case 'lineup': {
      const lineups = check('lineup', input.lineups);
      await db
        .insert(matchDetails)
        .values({ matchId, lineups })
        .onConflictDoUpdate({
          target: matchDetails.matchId,
          set: { lineups, updatedAt: sql`now()` },
        });
      return lineups;
    }
  }
}

/**
 * Stores an update of a match and announces it to every onMatchLive listener after it is saved.
 * Throws MatchLiveError for an unknown match or an update of the wrong shape (nothing is stored).
 */
export async function publishMatchLive(
  db: Db,
  matchId: number,
  input: MatchLiveInput,
): Promise<MatchLiveMessage> {
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!match) throw new MatchLiveError(`unknown match ${matchId}`);
  const value = await store(db, matchId, input);
  const message: MatchLiveMessage = { matchId, kind: input.kind, payload: JSON.stringify(value) };
  announce(message);
  return message;
}
