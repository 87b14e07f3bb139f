/** publishMatchLive stores each kind of update and announces it to onMatchLive listeners. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchLineups, MatchStats, TextLine } from '../../src/lib/sports/match-centre.ts';
import { applyMatchLive, type MatchLiveState } from '../../src/lib/sports/match-live-apply.ts';
import { matches, MATCH_STATUS } from '../../src/server/db/schema.ts';
import { getMatchCentre } from '../../src/server/sports/match-centre.ts';
import {
  MatchLiveError,
  onMatchLive,
  publishMatchLive,
  type MatchLiveMessage,
} from '../../src/server/sports/match-live.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

describe.each(DB_KINDS)('publishMatchLive on %s', (kind) => {
  let t: TestRuntime;
  let liveId: number;
  let scheduledId: number;
  const heard: MatchLiveMessage[] = [];
  let stop: () => void;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    const rows = await t.rt.db.select().from(matches).where(eq(matches.sportId, 1));
    liveId = rows.find((m) => m.status === MATCH_STATUS.live)!.id;
    scheduledId = rows.find((m) => m.status === MATCH_STATUS.scheduled)!.id;
    stop = onMatchLive((m) => heard.push(m));
  });
  afterAll(async () => {
    stop?.();
    await t?.dispose();
  });

  const last = () => heard.at(-1)!;

  it('stores a text line in both languages and announces it with its id', async () => {
    const before = (await getMatchCentre(t.rt.db, liveId)).lines.length;
    const message = await publishMatchLive(t.rt.db, liveId, {
      kind: 'text',
      minute: 120,
      event: 'goal',
      zh: ' 球进了！ ',
      en: 'GOAL!',
    });
    expect(last()).toEqual(message);
    expect(message).toMatchObject({ matchId: liveId, kind: 'text' });
    const line = JSON.parse(message.payload) as TextLine;
    expect(line).toMatchObject({ minute: 120, kind: 'goal', zh: '球进了！', en: 'GOAL!' });
    const centre = await getMatchCentre(t.rt.db, liveId);
    expect(centre.lines).toHaveLength(before + 1);
    expect(centre.lines[0]).toEqual(line);
  });

  it('updates the score, and a first score starts a scheduled match', async () => {
    await publishMatchLive(t.rt.db, liveId, { kind: 'score', home: 2, away: 1 });
    expect(JSON.parse(last().payload)).toEqual({ home: 2, away: 1, status: 1, phase: null });
    let [row] = await t.rt.db.select().from(matches).where(eq(matches.id, liveId));
    expect(row).toMatchObject({ homeScore: 2, awayScore: 1, status: MATCH_STATUS.live });

    await publishMatchLive(t.rt.db, scheduledId, { kind: 'score', home: 0, away: 0 });
    [row] = await t.rt.db.select().from(matches).where(eq(matches.id, scheduledId));
    expect(row?.status).toBe(MATCH_STATUS.live);
    await publishMatchLive(t.rt.db, scheduledId, { kind: 'score', home: 1, away: 0, status: 2 });
    [row] = await t.rt.db.select().from(matches).where(eq(matches.id, scheduledId));
    expect(row).toMatchObject({ homeScore: 1, status: MATCH_STATUS.finished });
  });

  it('replaces statistics and line-ups', async () => {
    const stats: MatchStats = {
      periods: [{ home: 2, away: 1 }],
      items: [{ key: 'possession', home: 47, away: 53 }],
    };
    await publishMatchLive(t.rt.db, liveId, { kind: 'stats', stats });
    expect(last().kind).toBe('stats');
    const side = {
      formation: '4-4-2',
      coachEn: 'Coach',
      coachZh: '教练',
      starters: [{ no: '1', pos: 'GK', en: 'Keeper', zh: '门将甲' }],
      bench: [],
    };
    const lineups: MatchLineups = { home: side, away: side };
    await publishMatchLive(t.rt.db, liveId, { kind: 'lineup', lineups });
    expect(last().kind).toBe('lineup');
    const centre = await getMatchCentre(t.rt.db, liveId);
    expect(centre.stats).toEqual(stats);
    expect(centre.lineups).toEqual(lineups);
    // What the hub forwards is what the page applies.
    const state: MatchLiveState = {
      matchId: liveId,
      status: 1,
      homeScore: 0,
      awayScore: 0,
      lines: [],
      stats: null,
      lineups: null,
    };
    expect(applyMatchLive(state, last())?.state.lineups).toEqual(lineups);
  });

  it('refuses unknown matches and malformed updates, storing and announcing nothing', async () => {
    const count = heard.length;
    const lines = (await getMatchCentre(t.rt.db, liveId)).lines.length;
    await expect(
      publishMatchLive(t.rt.db, 99_999_999, { kind: 'text', minute: 1, zh: '好', en: 'ok' }),
    ).rejects.toBeInstanceOf(MatchLiveError);
    await expect(
      publishMatchLive(t.rt.db, liveId, { kind: 'text', minute: 1, zh: '  ', en: ' ' }),
    ).rejects.toBeInstanceOf(MatchLiveError);
    await expect(
      publishMatchLive(t.rt.db, liveId, { kind: 'score', home: -1, away: 0 }),
    ).rejects.toBeInstanceOf(MatchLiveError);
    await expect(
      publishMatchLive(t.rt.db, liveId, {
        kind: 'stats',
        stats: { periods: 'no' } as unknown as MatchStats,
      }),
    ).rejects.toBeInstanceOf(MatchLiveError);
    expect(heard.length).toBe(count);
    expect((await getMatchCentre(t.rt.db, liveId)).lines.length).toBe(lines);
  });

  it('keeps announcing when a listener throws, and stops after unsubscribing', async () => {
    const removeBad = onMatchLive(() => {
      throw new Error('listener failure');
    });
    const seen: number[] = [];
    const removeGood = onMatchLive((m) => seen.push(m.matchId));
    await publishMatchLive(t.rt.db, liveId, { kind: 'text', minute: 40, zh: '角球', en: 'Corner' });
    expect(seen).toEqual([liveId]);
    removeBad();
    removeGood();
    await publishMatchLive(t.rt.db, liveId, { kind: 'text', minute: 41, zh: '换人', en: 'Sub' });
    expect(seen).toEqual([liveId]);
  });
});
