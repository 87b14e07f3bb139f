/**
 * The match desk (/admin/matches): the catalogue of leagues and teams, the fixtures of some days,
 * and the match open on the live desk. The live desk follows its match over the hub like a
 * viewer, so what it shows is what viewers see, including a second desk editor's lines. Every
 * call answers editors and administrators only; a refusal's message is what the screen shows.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import {
  matchDeskApi,
  type DeskFixture,
  type DeskLeague,
  type DeskMatch,
  type DeskTeam,
  type FixtureChange,
} from '../sports/desk-api.ts';
import type {
  MatchEventKind,
  MatchLineups,
  MatchPhase,
  MatchStats,
  TextLine,
} from '../sports/match-centre.ts';
import {
  applyMatchLive,
  matchLiveFrames,
  type MatchLiveState,
} from '../sports/match-live-apply.ts';
import { watchMatchSocket } from '../sports/match-live-socket.ts';
import { uploadImage } from './studio.ts';

/** Leagues and teams; null until loaded. */
export const $deskCatalog = atom<{ leagues: DeskLeague[]; teams: DeskTeam[] } | null>(null);

/** Loads the catalogue. */
export async function loadCatalog(): Promise<void> {
  $deskCatalog.set(await send(matchDeskApi.catalog));
}

/** Creates or edits a league; the catalogue is read again. */
export async function saveLeague(input: {
  id?: number;
  sport_id: number;
  name_zh: string;
  name_en: string;
  short_name: string;
}): Promise<void> {
  await send(matchDeskApi.saveLeague, input);
  await loadCatalog();
}

/** Creates or edits a team; the catalogue is read again. */
export async function saveTeam(input: {
  id?: number;
  sport_id: number;
  name_zh: string;
  name_en: string;
  color: string;
  crest: string | null;
}): Promise<void> {
  await send(matchDeskApi.saveTeam, input);
  await loadCatalog();
}

/** Uploads a crest picture; answers its path. */
export function uploadCrest(file: File, onProgress: (f: number) => void): Promise<string> {
  return uploadImage(file, 'image', onProgress);
}

/** What the fixture list shows: from a Beijing day, for some days, maybe one league. */
export interface FixtureQuery {
  from: string;
  days: number;
  league_id?: number;
}

/** The query listed. */
export const $fixtureQuery = atom<FixtureQuery | null>(null);
/** Its fixtures; null while loading. */
export const $fixtures = atom<DeskFixture[] | null>(null);

/** Lists fixtures. */
export async function loadFixtures(query: FixtureQuery): Promise<void> {
  $fixtureQuery.set(query);
  $fixtures.set(null);
  const { list } = await send(matchDeskApi.list, query);
  if ($fixtureQuery.get() === query) $fixtures.set(list);
}

async function reloadFixtures(): Promise<void> {
  const query = $fixtureQuery.get();
  if (query) await loadFixtures(query);
}

/** Creates or edits a fixture; the list is read again. */
export async function saveFixture(input: {
  id?: number;
  league_id: number;
  home_team_id: number;
  away_team_id: number;
  start_time: string;
}): Promise<DeskFixture> {
  const { fixture } = await send(matchDeskApi.saveFixture, input);
  await reloadFixtures();
  return fixture;
}

/** Postpones, cancels or restores a fixture; the list is read again. */
export async function changeFixture(id: number, change: FixtureChange): Promise<void> {
  await send(matchDeskApi.fixtureState, { id, change });
  await reloadFixtures();
}

/** The match on the live desk: its fixture and what viewers see of it; null when none. */
export const $deskMatch = atom<{ fixture: DeskFixture; live: MatchLiveState } | null>(null);
/** True while the live desk follows its match over the hub. */
export const $deskConnected = atom(false);

let stopFollowing: (() => void) | null = null;

function liveOf(match: DeskMatch): MatchLiveState {
  const { fixture } = match;
  return {
    matchId: fixture.id,
    status: fixture.status,
    phase: fixture.phase,
    homeScore: fixture.home_score,
    awayScore: fixture.away_score,
    lines: match.lines,
    stats: match.stats,
    lineups: match.lineups,
  };
}

/** Applies one matchLive frame's data to the open match. */
function receive(data: unknown): void {
  const open = $deskMatch.get();
  if (!open) return;
  const result = applyMatchLive(open.live, data);
  if (result) $deskMatch.set({ ...open, live: result.state });
}

/** Opens a match on the live desk and follows it until closeDesk. */
export async function openDesk(id: number): Promise<void> {
  closeDesk();
  const match = await send(matchDeskApi.desk, { id });
  $deskMatch.set({ fixture: match.fixture, live: liveOf(match) });
  stopFollowing = watchMatchSocket(id, {
    onFrame: (frame) => {
      for (const data of matchLiveFrames(frame)) receive(data);
    },
    onConnected: (connected) => $deskConnected.set(connected),
  });
}

/** Closes the live desk. */
export function closeDesk(): void {
  stopFollowing?.();
  stopFollowing = null;
  $deskMatch.set(null);
  $deskConnected.set(false);
}

function openId(): number {
  const open = $deskMatch.get();
  if (!open) throw new Error('no match open');
  return open.fixture.id;
}

/** Sends score, state and phase; the desk shows the answer at once (the frame follows). */
export async function sendScore(
  home: number,
  away: number,
  status: 0 | 1 | 2,
  phase: MatchPhase | null,
): Promise<void> {
  const { fixture } = await send(matchDeskApi.score, { id: openId(), home, away, status, phase });
  const open = $deskMatch.get();
  if (open?.fixture.id !== fixture.id) return;
  const live = {
    ...open.live,
    status: fixture.status,
    phase: fixture.phase,
    homeScore: fixture.home_score,
    awayScore: fixture.away_score,
  };
  $deskMatch.set({ fixture, live });
}

/** Posts a text line, or corrects one when lineId is given. */
export async function postLine(line: {
  lineId?: number;
  minute: number;
  kind: MatchEventKind;
  zh: string;
  en: string;
}): Promise<TextLine> {
  const id = openId();
  const { line: saved } = await send(matchDeskApi.line, {
    id,
    ...(line.lineId === undefined ? {} : { line_id: line.lineId }),
    minute: line.minute,
    kind: line.kind,
    zh: line.zh,
    en: line.en,
  });
  receive({ matchId: id, kind: 'text', payload: JSON.stringify(saved) });
  return saved;
}

/** Scores a goal for one side: the score goes up by one and a goal line goes out. */
export async function scoreGoal(side: 'home' | 'away', minute: number): Promise<void> {
  const open = $deskMatch.get();
  if (!open) return;
  const { fixture, live } = open;
  const home = (live.homeScore ?? 0) + (side === 'home' ? 1 : 0);
  const away = (live.awayScore ?? 0) + (side === 'away' ? 1 : 0);
  await sendScore(home, away, 1, live.status === 1 ? (live.phase ?? null) : '1h');
  const team = fixture[side];
  await postLine({
    minute,
    kind: 'goal',
    zh: `进球！${team.name_zh}，比分 ${home}:${away}`,
    en: `GOAL! ${team.name_en}, ${home}-${away}`,
  });
}

/** Takes a line back. */
export async function removeLine(lineId: number): Promise<void> {
  const id = openId();
  await send(matchDeskApi.removeLine, { id, line_id: lineId });
  receive({ matchId: id, kind: 'remove', payload: JSON.stringify({ id: lineId }) });
}

/** Sends the statistics. */
export async function sendStats(stats: MatchStats): Promise<void> {
  const id = openId();
  const saved = await send(matchDeskApi.stats, { id, stats });
  receive({ matchId: id, kind: 'stats', payload: JSON.stringify(saved.stats) });
}

/** Sends the line-ups. */
export async function sendLineups(lineups: MatchLineups): Promise<void> {
  const id = openId();
  const saved = await send(matchDeskApi.lineups, { id, lineups });
  receive({ matchId: id, kind: 'lineup', payload: JSON.stringify(saved.lineups) });
}
