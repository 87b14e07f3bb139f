/**
 * How the provider's values become ours: a match state and phase from the v4 status and score,
 * the keys names are compared by, the provider ids we keep, and a colour for a new team.
 */
import { createHash } from 'node:crypto';
import type { MatchPhase, MatchState } from '../../../lib/sports/match-centre.ts';
import { MATCH_STATUS } from '../../db/schema.ts';
import type { FdMatch } from './provider.ts';

/** Prefix of the provider's ids in our external_ref columns ("fd:2021"). */
export const REF_PREFIX = 'fd:';

/** Our external_ref for a provider id. */
export function refOf(providerId: number): string {
  return `${REF_PREFIX}${providerId}`;
}

/** A match's state, phase and score as we store them. */
export interface MappedState {
  status: MatchState;
  phase: MatchPhase | null;
  home: number | null;
  away: number | null;
}

/**
 * Our state of a provider match. SCHEDULED and TIMED are scheduled; IN_PLAY is live, in extra
 * time or penalties when the score's duration says so, else in the second half once a half-time
 * score exists; PAUSED is live at half-time; FINISHED and AWARDED are finished. SUSPENDED (play
 * stopped, to be resumed or replayed another day) is postponed: the match is not being played
 * and has no result, which is what postponed tells a viewer; its score so far is kept.
 */
export function mapState(match: FdMatch): MappedState {
  const { fullTime, halfTime, duration } = match.score;
  const score = { home: fullTime.home, away: fullTime.away };
  switch (match.status) {
    case 'SCHEDULED':
    case 'TIMED':
      return { status: MATCH_STATUS.scheduled, phase: null, ...score };
    case 'IN_PLAY': {
      const phase: MatchPhase =
        duration === 'PENALTY_SHOOTOUT'
          ? 'pen'
          : duration === 'EXTRA_TIME'
            ? 'et'
            : halfTime?.home != null && halfTime.away != null
              ? '2h'
              : '1h';
      // A live match has a score even when the provider has not sent one yet.
      return { status: MATCH_STATUS.live, phase, home: score.home ?? 0, away: score.away ?? 0 };
    }
    case 'PAUSED':
      return {
        status: MATCH_STATUS.live,
        phase: 'ht',
        home: score.home ?? 0,
        away: score.away ?? 0,
      };
    case 'FINISHED':
    case 'AWARDED':
      return { status: MATCH_STATUS.finished, phase: null, ...score };
    case 'SUSPENDED':
    case 'POSTPONED':
      return { status: MATCH_STATUS.postponed, phase: null, ...score };
    case 'CANCELLED':
      return { status: MATCH_STATUS.cancelled, phase: null, ...score };
  }
}

/** Words that only say "club" and are left out when names are compared ("Arsenal FC"). */
const CLUB_WORDS = new Set(['fc', 'afc', 'cf', 'sc', 'ac', 'ssc', 'as', 'club']);

/** Lower case, without accents, punctuation or repeated spaces. */
function plain(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The key team names are compared by: case, accents and punctuation ignored, and a club word at
 * either end dropped ("Arsenal FC" and "Arsenal", "SSC Napoli" and "Napoli" meet). A name that is
 * nothing but such words keeps them.
 */
export function teamKey(name: string): string {
  const words = plain(name).split(' ').filter(Boolean);
  let start = 0;
  let end = words.length;
  while (end - start > 1 && CLUB_WORDS.has(words[start]!)) start += 1;
  while (end - start > 1 && CLUB_WORDS.has(words[end - 1]!)) end -= 1;
  return words.slice(start, end).join(' ');
}

/** The key competition names and codes are compared by. */
export function leagueKey(name: string): string {
  return plain(name).replace(/^(uefa|fifa) /, '');
}

/**
 * Other names the free tier's competitions go by (by the provider's code), so a league entered
 * as "La Liga" or "UCL" meets the provider's "Primera Division" or "UEFA Champions League".
 */
const LEAGUE_ALIASES: Record<string, readonly string[]> = {
  PL: ['Premier League', 'EPL', 'English Premier League'],
  PD: ['La Liga', 'LaLiga', 'Primera Division'],
  SA: ['Serie A'],
  BL1: ['Bundesliga'],
  FL1: ['Ligue 1'],
  DED: ['Eredivisie'],
  PPL: ['Primeira Liga', 'Liga Portugal'],
  ELC: ['Championship', 'EFL Championship'],
  CL: ['Champions League', 'UCL'],
  EC: ['European Championship', 'Euro'],
  WC: ['World Cup'],
  BSA: ['Campeonato Brasileiro Serie A', 'Brasileirao'],
};

/** Every key a stored league may carry to be this competition. */
export function leagueKeys(competition: FdMatch['competition']): Set<string> {
  const code = competition.code ?? '';
  return new Set(
    [competition.name, code, ...(LEAGUE_ALIASES[code.toUpperCase()] ?? [])]
      .filter(Boolean)
      .map(leagueKey),
  );
}

/** Every key a stored team may carry to be this team: its name and its short name. */
export function teamKeys(team: FdMatch['homeTeam']): Set<string> {
  return new Set([team.name, team.shortName ?? ''].filter(Boolean).map(teamKey));
}

/**
 * A colour for a new team, the same on every import and every machine: a hue from a hash of the
 * provider id, saturated and dark enough for white initials on the drawn crest.
 */
export function colourOf(providerId: number): string {
  const hue = createHash('sha256').update(`team:${providerId}`).digest().readUInt16BE(0) % 360;
  return hslToHex(hue, 0.62, 0.38);
}

function hslToHex(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const hex = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
