/**
 * Demo match centres: the featured live matches get their hand-written scripts, every other
 * match that has started gets commentary and statistics made from its score (the same for a
 * given `now`), and matches between teams with a demo squad get line-ups.
 */
import { eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { seededRandom } from '../../lib/random.ts';
import type { MatchStats, StatItem } from '../../lib/sports/match-centre.ts';
import { SPORT_ID, STAT_KEYS } from '../../lib/sports/match-centre.ts';
import type { Db } from '../db/index.ts';
import { matchDetails, matchEvents, matches, MATCH_STATUS, teams } from '../db/schema.ts';
import { MATCH_SCRIPTS, type ScriptLine } from './match-scripts.ts';
import { squadOf } from './squads.ts';

const MINUTE = 60_000;

/** A started match as the generators see it. */
interface Started {
  id: number;
  sportId: number;
  status: number;
  /** Minutes since kick-off, wall clock. */
  elapsed: number;
  score: [number, number];
  home: { en: string; zh: string };
  away: { en: string; zh: string };
}

type Rand = () => number;

const between = (rand: Rand, lo: number, hi: number): number =>
  lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** Splits `total` into `n` parts of about the same size. */
function split(rand: Rand, total: number, n: number): number[] {
  const parts = Array.from({ length: n }, () => 0.8 + rand() * 0.4);
  const sum = parts.reduce((a, b) => a + b, 0);
  const out = parts.map((p) => Math.floor((p / sum) * total));
  out[n - 1]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}

function statItems(sportId: number, values: Record<string, [number, number]>): StatItem[] {
  return (STAT_KEYS[sportId] ?? [])
    .filter((key) => values[key])
    .map((key) => ({ key, home: values[key]![0], away: values[key]![1] }));
}

const side = (m: Started, i: 0 | 1) => (i === 0 ? m.home : m.away);
const scoreEn = (m: Started, h: number, a: number) => `${m.home.en} ${h}-${a} ${m.away.en}`;
const scoreZh = (m: Started, h: number, a: number) => `${m.home.zh} ${h}-${a} ${m.away.zh}`;

const FOOTBALL_CHANCES: readonly ((en: string, zh: string) => [string, string])[] = [
  (en, zh) => [
    `Big chance for ${en}, but the shot flies just wide.`,
    `${zh}错失良机，射门稍稍偏出。`,
  ],
  (en, zh) => [`${en} hit the woodwork from the edge of the box!`, `${zh}禁区弧顶远射击中门框！`],
  (en, zh) => [`A fine save keeps out a header from ${en}.`, `${zh}的头球攻门被门将精彩扑出。`],
  (en, zh) => [`${en} win a corner on the right.`, `${zh}获得右侧角球。`],
];

function football(m: Started, rand: Rand): { lines: ScriptLine[]; stats: MatchStats } {
  const done = m.status === MATCH_STATUS.finished;
  const e = Math.round(m.elapsed);
  const clock = done ? 90 : e <= 47 ? e : e < 62 ? 45 : Math.min(90, e - 17);
  const lines: ScriptLine[] = [
    [
      0,
      'period',
      `Kick-off: ${m.home.en} against ${m.away.en} is under way.`,
      `比赛开始！${m.home.zh}对阵${m.away.zh}。`,
    ],
  ];
  const goals = [
    ...Array.from({ length: m.score[0] }, () => 0 as const),
    ...Array.from({ length: m.score[1] }, () => 1 as const),
  ]
    .map((team) => ({ team, minute: between(rand, 2, Math.max(2, clock)) }))
    .sort((a, b) => a.minute - b.minute);
  const running: [number, number] = [0, 0];
  for (const goal of goals) {
    running[goal.team] += 1;
    const t = side(m, goal.team);
    lines.push([
      goal.minute,
      'goal',
      `GOAL! ${t.en} score. ${scoreEn(m, running[0], running[1])}.`,
      `球进了！${t.zh}破门，${scoreZh(m, running[0], running[1])}。`,
    ]);
  }
  const cards: [number, number] = [0, 0];
  for (let i = between(rand, 1, 4); i > 0; i -= 1) {
    const team = rand() < 0.5 ? 0 : 1;
    cards[team] += 1;
    const t = side(m, team);
    lines.push([
      between(rand, 5, Math.max(5, clock)),
      'card',
      `Yellow card for a ${t.en} player after a late challenge.`,
      `${t.zh}球员拼抢动作过大，吃到黄牌。`,
    ]);
  }
  for (let i = between(rand, 2, 4); i > 0; i -= 1) {
    const t = side(m, rand() < 0.5 ? 0 : 1);
    const [en, zh] = pick(rand, FOOTBALL_CHANCES)(t.en, t.zh);
    lines.push([between(rand, 3, Math.max(3, clock)), 'chance', en, zh]);
  }
  const half = goals.filter((g) => g.minute <= 45);
  const ht: [number, number] = [half.filter((g) => g.team === 0).length, 0];
  ht[1] = half.length - ht[0];
  if (clock >= 45) {
    lines.push([
      45,
      'period',
      `Half-time: ${scoreEn(m, ht[0], ht[1])}.`,
      `半场结束，${scoreZh(m, ht[0], ht[1])}。`,
    ]);
  }
  if (clock >= 46) lines.push([46, 'period', 'The second half is under way.', '下半场比赛开始。']);
  if (done) {
    lines.push([
      90,
      'period',
      `Full-time: ${scoreEn(m, m.score[0], m.score[1])}.`,
      `全场比赛结束，${scoreZh(m, m.score[0], m.score[1])}。`,
    ]);
  }
  const f = Math.max(0.1, clock / 90);
  const possession = between(rand, 38, 62);
  const onTarget: [number, number] = [
    m.score[0] + between(rand, 0, Math.round(5 * f)),
    m.score[1] + between(rand, 0, Math.round(5 * f)),
  ];
  const stats = statItems(SPORT_ID.football, {
    possession: [possession, 100 - possession],
    shots: [
      onTarget[0] + between(rand, 1, Math.round(9 * f) + 1),
      onTarget[1] + between(rand, 1, Math.round(9 * f) + 1),
    ],
    shotsOnTarget: onTarget,
    corners: [between(rand, 0, Math.round(9 * f)), between(rand, 0, Math.round(9 * f))],
    fouls: [
      between(rand, Math.round(6 * f), Math.round(16 * f)),
      between(rand, Math.round(6 * f), Math.round(16 * f)),
    ],
    offsides: [between(rand, 0, 4), between(rand, 0, 4)],
    yellowCards: cards,
    redCards: [0, 0],
    saves: [onTarget[1] - m.score[1], onTarget[0] - m.score[0]],
    passAccuracy: [between(rand, 74, 91), between(rand, 74, 91)],
  });
  const periods =
    clock > 45
      ? [
          { home: ht[0], away: ht[1] },
          { home: m.score[0] - ht[0], away: m.score[1] - ht[1] },
        ]
      : [{ home: m.score[0], away: m.score[1] }];
  return { lines, stats: { periods, items: stats } };
}

function basketball(m: Started, rand: Rand): { lines: ScriptLine[]; stats: MatchStats } {
  const done = m.status === MATCH_STATUS.finished;
  const clock = done ? 48 : Math.max(1, Math.min(47, Math.round((m.elapsed / 150) * 48)));
  const quarters = Math.ceil(clock / 12);
  const home = split(rand, m.score[0], quarters);
  const away = split(rand, m.score[1], quarters);
  const lines: ScriptLine[] = [
    [
      0,
      'period',
      `Tip-off: ${m.home.en} host ${m.away.en}.`,
      `比赛开始！${m.home.zh}主场迎战${m.away.zh}。`,
    ],
  ];
  let h = 0;
  let a = 0;
  for (let q = 0; q < quarters; q += 1) {
    h += home[q]!;
    a += away[q]!;
    const end = (q + 1) * 12;
    if (end > clock) break;
    const t = side(m, rand() < 0.5 ? 0 : 1);
    lines.push([
      end - between(rand, 2, 8),
      'point',
      `${t.en} go on an 8-0 run.`,
      `${t.zh}打出一波8-0的攻势。`,
    ]);
    if (end === 48) {
      lines.push([
        48,
        'period',
        `Final: ${scoreEn(m, h, a)}.`,
        `全场比赛结束，${scoreZh(m, h, a)}。`,
      ]);
    } else {
      lines.push([
        end,
        'period',
        `End of Q${q + 1}: ${scoreEn(m, h, a)}.`,
        `第${q + 1}节结束，${scoreZh(m, h, a)}。`,
      ]);
    }
  }
  const f = clock / 48;
  const scaled = (lo: number, hi: number): [number, number] => [
    Math.round(between(rand, lo, hi) * f),
    Math.round(between(rand, lo, hi) * f),
  ];
  return {
    lines,
    stats: {
      periods: home.map((p, i) => ({ home: p, away: away[i]! })),
      items: statItems(SPORT_ID.basketball, {
        fieldGoalPct: [between(rand, 40, 55), between(rand, 40, 55)],
        threePointers: scaled(8, 18),
        freeThrows: scaled(10, 22),
        rebounds: scaled(38, 52),
        assists: scaled(20, 30),
        steals: scaled(5, 10),
        blocks: scaled(2, 8),
        turnovers: scaled(9, 16),
        fouls: scaled(15, 22),
      }),
    },
  };
}

function tennis(m: Started, rand: Rand): { lines: ScriptLine[]; stats: MatchStats } {
  const done = m.status === MATCH_STATUS.finished;
  const [hs, as] = m.score;
  // Set winners: the loser's sets first, the winner's last set closes the match.
  const winner = hs >= as ? 0 : 1;
  const order: (0 | 1)[] = [
    ...Array.from({ length: Math.min(hs, as) }, () => (1 - winner) as 0 | 1),
    ...Array.from({ length: Math.max(hs, as) }, () => winner),
  ];
  if (order.length > 2) [order[0], order[1]] = [order[1]!, order[0]!];
  const lines: ScriptLine[] = [
    [
      0,
      'period',
      `Play is under way: ${m.home.en} against ${m.away.en}.`,
      `比赛开始：${m.home.zh}对阵${m.away.zh}。`,
    ],
  ];
  const periods = order.map((w, i) => {
    const lost = pick(rand, [2, 3, 4, 4, 5, 6]);
    const won = lost >= 5 ? 7 : 6;
    const t = side(m, w);
    lines.push([
      (i + 1) * 42,
      'period',
      `Set ${t.en}, ${won}-${lost}.`,
      `${t.zh}以${won}-${lost}拿下第${i + 1}盘。`,
    ]);
    return w === 0 ? { home: won, away: lost } : { home: lost, away: won };
  });
  if (done) {
    const t = side(m, winner);
    lines.push([order.length * 42, 'info', `Game, set and match ${t.en}!`, `${t.zh}赢得比赛！`]);
  } else {
    periods.push({ home: between(rand, 0, 4), away: between(rand, 0, 4) });
  }
  const sets = Math.max(1, periods.length);
  return {
    lines,
    stats: {
      periods,
      items: statItems(SPORT_ID.tennis, {
        aces: [between(rand, 1, 5) * sets, between(rand, 1, 5) * sets],
        doubleFaults: [between(rand, 0, 2) * sets, between(rand, 0, 2) * sets],
        firstServePct: [between(rand, 55, 72), between(rand, 55, 72)],
        firstServeWonPct: [between(rand, 65, 82), between(rand, 65, 82)],
        breakPointsWon: [between(rand, 0, 2) * sets, between(rand, 0, 2) * sets],
        winners: [between(rand, 6, 14) * sets, between(rand, 6, 14) * sets],
        unforcedErrors: [between(rand, 4, 12) * sets, between(rand, 4, 12) * sets],
      }),
    },
  };
}

const GENERATORS: Record<
  number,
  (m: Started, rand: Rand) => { lines: ScriptLine[]; stats: MatchStats }
> = {
  [SPORT_ID.football]: football,
  [SPORT_ID.basketball]: basketball,
  [SPORT_ID.tennis]: tennis,
};

/** Inserts text live, statistics and line-ups for every match that has started. */
export async function seedMatchCentre(
  db: Db,
  tagged: Map<string, number>,
  now: Date,
): Promise<void> {
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  const rows = await db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      status: matches.status,
      startTime: matches.startTime,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      homeEn: home.nameEn,
      homeZh: home.nameZh,
      awayEn: away.nameEn,
      awayZh: away.nameZh,
    })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(ne(matches.status, MATCH_STATUS.scheduled));
  const tagOf = new Map([...tagged].map(([tag, id]) => [id, tag]));
  const events: (typeof matchEvents.$inferInsert)[] = [];
  const details: (typeof matchDetails.$inferInsert)[] = [];
  for (const row of rows) {
    const m: Started = {
      id: row.id,
      sportId: row.sportId,
      status: row.status,
      elapsed: (now.getTime() - row.startTime.getTime()) / MINUTE,
      score: [row.homeScore ?? 0, row.awayScore ?? 0],
      home: { en: row.homeEn, zh: row.homeZh },
      away: { en: row.awayEn, zh: row.awayZh },
    };
    const script = MATCH_SCRIPTS[tagOf.get(row.id) ?? ''];
    const made = script ?? GENERATORS[m.sportId]?.(m, seededRandom(row.id * 7919));
    if (!made) continue;
    const lines = [...made.lines].sort((a, b) => a[0] - b[0]);
    for (const [minute, kind, textEn, textZh] of lines) {
      events.push({ matchId: m.id, minute, kind, textEn, textZh, createdAt: now });
    }
    const homeSquad = squadOf(row.homeEn);
    const awaySquad = squadOf(row.awayEn);
    details.push({
      matchId: m.id,
      stats: made.stats,
      lineups: homeSquad && awaySquad ? { home: homeSquad, away: awaySquad } : null,
      updatedAt: now,
    });
  }
  for (let i = 0; i < events.length; i += 500) {
    await db.insert(matchEvents).values(events.slice(i, i + 500));
  }
  if (details.length > 0) await db.insert(matchDetails).values(details);
}
