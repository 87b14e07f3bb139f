/**
 * The match centre's data as the server stores it and the browser shows it: text live lines,
 * statistics and line-ups, with the guards that check them. Shared by the seed, publishMatchLive,
 * the detail page and its live island, so one shape and one check serve every side.
 */

/** Sport ids of the schedule. */
export const SPORT_ID = { football: 1, basketball: 2, tennis: 3 } as const;

/** What a text live line is about; picks its icon. */
export const MATCH_EVENT_KINDS = [
  'info',
  'period',
  'goal',
  'chance',
  'card',
  'red',
  'sub',
  'var',
  'point',
] as const;

/** One of MATCH_EVENT_KINDS. */
export type MatchEventKind = (typeof MATCH_EVENT_KINDS)[number];

/** One text live line in both languages. */
export interface TextLine {
  /** Row id; later lines have larger ids. */
  id: number;
  /** Match clock in whole minutes. */
  minute: number;
  kind: MatchEventKind;
  /** Chinese text. */
  zh: string;
  /** English text. */
  en: string;
}

/** Points, goals or games of both sides in one period (half, quarter, set). */
export interface PeriodScore {
  home: number;
  away: number;
}

/** One team statistic; its label comes from the `stat` key in the sports strings. */
export interface StatItem {
  key: string;
  home: number;
  away: number;
}

/** The statistics of a match: score by period and team figures in display order. */
export interface MatchStats {
  periods: PeriodScore[];
  items: StatItem[];
}

/** One player on a team sheet. */
export interface LineupPlayer {
  /** Shirt number as printed ("7", "00"). */
  no: string;
  /** Position code (GK, DF, MF, FW; PG, SG, SF, PF, C); labels come from the sports strings. */
  pos: string;
  /** English name. */
  en: string;
  /** Chinese name. */
  zh: string;
  /** Wears the armband. */
  captain?: boolean;
}

/** One side's team sheet. */
export interface TeamLineup {
  /** Shape such as 4-3-3; empty for basketball. */
  formation: string;
  coachEn: string;
  coachZh: string;
  starters: LineupPlayer[];
  bench: LineupPlayer[];
}

/** Both team sheets. */
export interface MatchLineups {
  home: TeamLineup;
  away: TeamLineup;
}

/**
 * Match states: 0 scheduled, 1 live, 2 finished, 3 postponed, 4 cancelled (as MATCH_STATUS on
 * the server).
 */
export type MatchState = 0 | 1 | 2 | 3 | 4;

/** Every match state, in MatchState's order. */
export const MATCH_STATES: readonly MatchState[] = [0, 1, 2, 3, 4];

/**
 * Where a live match is: first half, half-time, second half, extra time, penalties (football);
 * other sports leave it empty.
 */
export const MATCH_PHASES = ['1h', 'ht', '2h', 'et', 'pen'] as const;

/** One of MATCH_PHASES. */
export type MatchPhase = (typeof MATCH_PHASES)[number];

/** A score change, with the state it leaves the match in. */
export interface ScoreUpdate {
  home: number;
  away: number;
  status: MatchState;
  /** The phase of a live match; absent or null otherwise. */
  phase?: MatchPhase | null;
}

/** A text line taken back by the desk: viewers drop it. */
export interface LineRemoval {
  id: number;
}

/**
 * Kinds of a matchLive frame (the realtime protocol's `kind`). A `text` frame whose id is
 * already shown replaces that line (a correction); `remove` takes one away.
 */
export const MATCH_LIVE_KINDS = ['text', 'score', 'stats', 'lineup', 'remove'] as const;

/** One of MATCH_LIVE_KINDS. */
export type MatchLiveKind = (typeof MATCH_LIVE_KINDS)[number];

/** The value a matchLive frame of each kind carries (as JSON text in `payload`). */
export interface MatchLivePayloads {
  text: TextLine;
  score: ScoreUpdate;
  stats: MatchStats;
  lineup: MatchLineups;
  remove: LineRemoval;
}

/** Statistic keys per sport, in display order; the ones in PERCENT_STATS show a percent sign. */
export const STAT_KEYS: Record<number, readonly string[]> = {
  [SPORT_ID.football]: [
    'possession',
    'shots',
    'shotsOnTarget',
    'corners',
    'fouls',
    'offsides',
    'yellowCards',
    'redCards',
    'saves',
    'passAccuracy',
  ],
  [SPORT_ID.basketball]: [
    'fieldGoalPct',
    'threePointers',
    'freeThrows',
    'rebounds',
    'assists',
    'steals',
    'blocks',
    'turnovers',
    'fouls',
  ],
  [SPORT_ID.tennis]: [
    'aces',
    'doubleFaults',
    'firstServePct',
    'firstServeWonPct',
    'breakPointsWon',
    'winners',
    'unforcedErrors',
  ],
};

/** Statistics shown as percentages. */
export const PERCENT_STATS: ReadonlySet<string> = new Set([
  'possession',
  'passAccuracy',
  'fieldGoalPct',
  'firstServePct',
  'firstServeWonPct',
]);

/** Whether a sport has team sheets (tennis has none). */
export function hasLineups(sportId: number): boolean {
  return sportId === SPORT_ID.football || sportId === SPORT_ID.basketball;
}

/** The clock of a line as shown: 67' in football and tennis, Q3 29' in basketball. */
export function clockLabel(sportId: number, minute: number, quarter: string): string {
  if (sportId !== SPORT_ID.basketball) return `${minute}'`;
  const q = Math.min(4, Math.floor(Math.max(0, minute - 1) / 12) + 1);
  return `${quarter.replace('{{n}}', String(q))} ${minute}'`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100_000;
const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max;
const isOptText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length <= max;

/** True for a well-formed text line. */
export function isTextLine(v: unknown): v is TextLine {
  return (
    isObject(v) &&
    isCount(v.id) &&
    isCount(v.minute) &&
    v.minute <= 200 &&
    (MATCH_EVENT_KINDS as readonly unknown[]).includes(v.kind) &&
    isText(v.zh, 500) &&
    isText(v.en, 500)
  );
}

/** True for a well-formed score update. */
export function isScoreUpdate(v: unknown): v is ScoreUpdate {
  return (
    isObject(v) &&
    isCount(v.home) &&
    isCount(v.away) &&
    (MATCH_STATES as readonly unknown[]).includes(v.status) &&
    (v.phase === undefined ||
      v.phase === null ||
      (MATCH_PHASES as readonly unknown[]).includes(v.phase))
  );
}

/** True for a removal of one line. */
export function isLineRemoval(v: unknown): v is LineRemoval {
  return isObject(v) && isCount(v.id) && v.id > 0;
}

const isPair = (v: unknown): v is PeriodScore => isObject(v) && isCount(v.home) && isCount(v.away);

/** True for well-formed statistics (at most 10 periods and 30 figures). */
export function isMatchStats(v: unknown): v is MatchStats {
  return (
    isObject(v) &&
    Array.isArray(v.periods) &&
    v.periods.length <= 10 &&
    v.periods.every(isPair) &&
    Array.isArray(v.items) &&
    v.items.length <= 30 &&
    v.items.every((i) => isPair(i) && isText((i as { key?: unknown }).key, 40))
  );
}

function isPlayer(v: unknown): v is LineupPlayer {
  return (
    isObject(v) &&
    isText(v.no, 3) &&
    isText(v.pos, 4) &&
    isText(v.en, 60) &&
    isText(v.zh, 60) &&
    (v.captain === undefined || typeof v.captain === 'boolean')
  );
}

function isTeamLineup(v: unknown): v is TeamLineup {
  return (
    isObject(v) &&
    isOptText(v.formation, 12) &&
    isOptText(v.coachEn, 60) &&
    isOptText(v.coachZh, 60) &&
    Array.isArray(v.starters) &&
    v.starters.length <= 15 &&
    v.starters.every(isPlayer) &&
    Array.isArray(v.bench) &&
    v.bench.length <= 20 &&
    v.bench.every(isPlayer)
  );
}

/** True for well-formed line-ups of both sides. */
export function isMatchLineups(v: unknown): v is MatchLineups {
  return isObject(v) && isTeamLineup(v.home) && isTeamLineup(v.away);
}

/** The guard of each live kind. */
export const MATCH_LIVE_GUARDS: {
  [K in MatchLiveKind]: (v: unknown) => v is MatchLivePayloads[K];
} = {
  text: isTextLine,
  score: isScoreUpdate,
  stats: isMatchStats,
  lineup: isMatchLineups,
  remove: isLineRemoval,
};
