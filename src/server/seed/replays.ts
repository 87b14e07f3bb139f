/**
 * Demo replays (recorded lives) and planned lives of the demo anchors. Match replays take their
 * match and title from the seeded fixtures, so they always point at a finished match.
 * scripts/make-demo-art.ts draws the replay covers named here.
 */
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/index.ts';
import {
  leagues,
  livePlans,
  LIVE_PLAN_STATUS,
  matches,
  MATCH_STATUS,
  replays,
  teams,
} from '../db/schema.ts';
import type { ArtTheme, MatchTag } from './people.ts';
import { DEMO_STREAM_URL } from './rooms.ts';
import { LEAGUES } from './teams.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One replay cover: file name under /demo/replays/ and its art. */
export interface ReplayCover {
  name: string;
  theme: ArtTheme;
  colors: readonly [string, string];
}

/** Covers of the demo replays, drawn by scripts/make-demo-art.ts. */
export const REPLAY_COVERS: readonly ReplayCover[] = [
  { name: 'football-a', theme: 'football', colors: ['#034694', '#ffffff'] },
  { name: 'football-b', theme: 'football', colors: ['#da291c', '#fbe122'] },
  { name: 'football-c', theme: 'football', colors: ['#004d98', '#a50044'] },
  { name: 'basketball-a', theme: 'basketball', colors: ['#007a33', '#ba9653'] },
  { name: 'basketball-b', theme: 'basketball', colors: ['#ce1141', '#000000'] },
  { name: 'tennis-a', theme: 'tennis', colors: ['#4b2e83', '#d6f03a'] },
  { name: 'tennis-b', theme: 'tennis', colors: ['#00a86b', '#ffffff'] },
  { name: 'lol-a', theme: 'lol', colors: ['#c89b3c', '#0a1428'] },
  { name: 'lol-b', theme: 'lol', colors: ['#ff3b5c', '#00d1ff'] },
  { name: 'cs2-a', theme: 'cs2', colors: ['#de9b35', '#5d79ae'] },
  { name: 'dota2-a', theme: 'dota2', colors: ['#a22c1e', '#2ecc71'] },
  { name: 'valorant-a', theme: 'valorant', colors: ['#fd4556', '#0f1923'] },
  { name: 'billiards-a', theme: 'billiards', colors: ['#0b6e4f', '#e4002b'] },
  { name: 'chess-a', theme: 'chess', colors: ['#ffb800', '#2b3550'] },
  { name: 'fitness-a', theme: 'fitness', colors: ['#7c5cff', '#22d37e'] },
];

/** The public path of a replay cover. */
export function replayCoverPath(name: string): string {
  return `/demo/replays/${name}.webp`;
}

/** Language of a title built from a match: the anchor's own language. */
type TitleLang = 'zh' | 'en';

/** A demo replay: a fixed title and time, or the nth latest finished match of a league. */
export interface DemoReplay {
  anchorMobile: string;
  categoryId: number;
  secondCategoryId: number;
  /** Cover name from REPLAY_COVERS. */
  cover: string;
  /** Length in minutes. */
  minutes: number;
  views: number;
  /** Fixed title and hours since it was recorded; not used for match replays. */
  title?: string;
  hoursAgo?: number;
  /** League key and n (0 = most recent finished match); the title is built in `lang`. */
  match?: { league: string; nth: number; lang: TitleLang };
}

/** Every demo replay (about four per anchor, some anchors across two sports). */
export const DEMO_REPLAYS: readonly DemoReplay[] = [
  // 老K说球 (13900000003): football every night, a basketball special.
  ...[0, 1, 2, 3].map((nth) => ({
    anchorMobile: '13900000003',
    categoryId: 2,
    secondCategoryId: 201,
    cover: (['football-a', 'football-b', 'football-c', 'football-a'] as const)[nth]!,
    minutes: 118 + nth * 7,
    views: [286_400, 158_900, 97_300, 64_200][nth]!,
    match: { league: 'epl', nth, lang: 'zh' as const },
  })),
  ...[0, 1].map((nth) => ({
    anchorMobile: '13900000003',
    categoryId: 2,
    secondCategoryId: 201,
    cover: nth ? 'football-c' : 'football-b',
    minutes: 124 + nth * 5,
    views: [132_500, 71_800][nth]!,
    match: { league: 'ucl', nth, lang: 'zh' as const },
  })),
  ...[0, 1].map((nth) => ({
    anchorMobile: '13900000003',
    categoryId: 2,
    secondCategoryId: 201,
    cover: nth ? 'football-a' : 'football-c',
    minutes: 112 + nth * 4,
    views: [54_100, 38_700][nth]!,
    match: { league: 'laliga', nth, lang: 'zh' as const },
  })),
  {
    anchorMobile: '13900000003',
    title: '老K周末杂谈：本赛季英超争冠形势全分析',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-b',
    minutes: 74,
    views: 45_600,
    hoursAgo: 52,
  },
  {
    anchorMobile: '13900000003',
    title: '跨界聊篮球：NBA 季后赛西部八强预测',
    categoryId: 2,
    secondCategoryId: 202,
    cover: 'basketball-b',
    minutes: 66,
    views: 23_900,
    hoursAgo: 76,
  },
  {
    anchorMobile: '13900000003',
    title: '球迷连麦夜：你心中的英超历史最佳阵容',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-c',
    minutes: 92,
    views: 31_200,
    hoursAgo: 100,
  },
  {
    anchorMobile: '13900000003',
    title: '战术板复盘：阿森纳高位逼抢的三种触发',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-a',
    minutes: 58,
    views: 27_800,
    hoursAgo: 124,
  },
  {
    anchorMobile: '13900000003',
    title: '转会窗口前瞻：哪些豪门会在冬窗出手',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-b',
    minutes: 63,
    views: 19_400,
    hoursAgo: 150,
  },
  // 阿杰解说 (13900000010): LoL.
  {
    anchorMobile: '13900000010',
    title: 'LPL 季后赛 BLG vs TES 第五局决胜 全程回放',
    categoryId: 1,
    secondCategoryId: 101,
    cover: 'lol-a',
    minutes: 212,
    views: 512_000,
    hoursAgo: 22,
  },
  {
    anchorMobile: '13900000010',
    title: '赛后复盘：上路线权与小龙团的取舍',
    categoryId: 1,
    secondCategoryId: 101,
    cover: 'lol-b',
    minutes: 48,
    views: 133_700,
    hoursAgo: 46,
  },
  {
    anchorMobile: '13900000010',
    title: '版本更新速递：新装备对打野的影响',
    categoryId: 1,
    secondCategoryId: 101,
    cover: 'lol-a',
    minutes: 39,
    views: 88_500,
    hoursAgo: 98,
  },
  {
    anchorMobile: '13900000010',
    title: '水友赛之夜：粉丝五排大乱斗',
    categoryId: 1,
    secondCategoryId: 101,
    cover: 'lol-b',
    minutes: 156,
    views: 61_300,
    hoursAgo: 140,
  },
  // CS老炮 (13900000011): CS2 and a Valorant guest night.
  {
    anchorMobile: '13900000011',
    title: 'CS2 Major 预选赛 第二日 全场回放',
    categoryId: 1,
    secondCategoryId: 102,
    cover: 'cs2-a',
    minutes: 248,
    views: 174_000,
    hoursAgo: 28,
  },
  {
    anchorMobile: '13900000011',
    title: '残局教学：1v3 信息位与道具管理',
    categoryId: 1,
    secondCategoryId: 102,
    cover: 'cs2-a',
    minutes: 55,
    views: 46_800,
    hoursAgo: 75,
  },
  {
    anchorMobile: '13900000011',
    title: '客串无畏契约：老炮的第一次定级赛',
    categoryId: 1,
    secondCategoryId: 104,
    cover: 'valorant-a',
    minutes: 97,
    views: 39_100,
    hoursAgo: 122,
  },
  // DotaBear (13900000012): Dota 2.
  {
    anchorMobile: '13900000012',
    title: 'Road to Immortal, day 12: offlane Mars only',
    categoryId: 1,
    secondCategoryId: 103,
    cover: 'dota2-a',
    minutes: 183,
    views: 12_400,
    hoursAgo: 26,
  },
  {
    anchorMobile: '13900000012',
    title: 'Draft school: countering the carry meta',
    categoryId: 1,
    secondCategoryId: 103,
    cover: 'dota2-a',
    minutes: 64,
    views: 8_900,
    hoursAgo: 73,
  },
  {
    anchorMobile: '13900000012',
    title: 'Viewer games night: five-stack chaos',
    categoryId: 1,
    secondCategoryId: 103,
    cover: 'dota2-a',
    minutes: 141,
    views: 6_300,
    hoursAgo: 145,
  },
  // ValQueen (13900000013): Valorant.
  {
    anchorMobile: '13900000013',
    title: 'Radiant duelist VOD review: Ascent attack',
    categoryId: 1,
    secondCategoryId: 104,
    cover: 'valorant-a',
    minutes: 72,
    views: 41_500,
    hoursAgo: 20,
  },
  {
    anchorMobile: '13900000013',
    title: 'Champions watch party: grand final',
    categoryId: 1,
    secondCategoryId: 104,
    cover: 'valorant-a',
    minutes: 236,
    views: 96_800,
    hoursAgo: 70,
  },
  {
    anchorMobile: '13900000013',
    title: 'Aim routine + crosshair Q&A',
    categoryId: 1,
    secondCategoryId: 104,
    cover: 'valorant-a',
    minutes: 45,
    views: 17_200,
    hoursAgo: 118,
  },
  // HoopsDan (13900000014): NBA, and a tennis side show.
  ...[0, 1, 2].map((nth) => ({
    anchorMobile: '13900000014',
    categoryId: 2,
    secondCategoryId: 202,
    cover: nth === 1 ? 'basketball-b' : 'basketball-a',
    minutes: 151 + nth * 6,
    views: [208_300, 121_600, 75_900][nth]!,
    match: { league: 'nba', nth, lang: 'en' as const },
  })),
  {
    anchorMobile: '13900000014',
    title: 'Film room: pick-and-roll coverages explained',
    categoryId: 2,
    secondCategoryId: 202,
    cover: 'basketball-b',
    minutes: 51,
    views: 33_400,
    hoursAgo: 60,
  },
  {
    anchorMobile: '13900000014',
    title: 'Off-day fun: tennis serve speed challenge',
    categoryId: 2,
    secondCategoryId: 203,
    cover: 'tennis-b',
    minutes: 38,
    views: 9_700,
    hoursAgo: 130,
  },
  // 网球小花 (13900000015): tennis.
  ...[0, 1].map((nth) => ({
    anchorMobile: '13900000015',
    categoryId: 2,
    secondCategoryId: 203,
    cover: nth ? 'tennis-b' : 'tennis-a',
    minutes: 146 + nth * 12,
    views: [58_200, 31_700][nth]!,
    match: { league: 'atp', nth, lang: 'zh' as const },
  })),
  {
    anchorMobile: '13900000015',
    title: '发球技术拆解：抛球高度与击球点',
    categoryId: 2,
    secondCategoryId: 203,
    cover: 'tennis-a',
    minutes: 42,
    views: 7_600,
    hoursAgo: 94,
  },
  // 台球阿峰 (13900000016): billiards.
  {
    anchorMobile: '13900000016',
    title: '斯诺克粉丝挑战赛 决赛 全场回放',
    categoryId: 3,
    secondCategoryId: 301,
    cover: 'billiards-a',
    minutes: 134,
    views: 21_300,
    hoursAgo: 30,
  },
  {
    anchorMobile: '13900000016',
    title: '走位教学：中袋附近的低杆控制',
    categoryId: 3,
    secondCategoryId: 301,
    cover: 'billiards-a',
    minutes: 47,
    views: 11_900,
    hoursAgo: 80,
  },
  {
    anchorMobile: '13900000016',
    title: '九球练习夜：连续清台挑战',
    categoryId: 3,
    secondCategoryId: 301,
    cover: 'billiards-a',
    minutes: 88,
    views: 6_400,
    hoursAgo: 148,
  },
  // 棋圣老周 (13900000017): xiangqi.
  {
    anchorMobile: '13900000017',
    title: '象棋残局精讲：七星聚会',
    categoryId: 3,
    secondCategoryId: 302,
    cover: 'chess-a',
    minutes: 56,
    views: 4_300,
    hoursAgo: 50,
  },
  {
    anchorMobile: '13900000017',
    title: '观众对弈：让双马也能赢？',
    categoryId: 3,
    secondCategoryId: 302,
    cover: 'chess-a',
    minutes: 73,
    views: 2_900,
    hoursAgo: 110,
  },
  // FitLuna (13900000018): fitness.
  {
    anchorMobile: '13900000018',
    title: '30-min HIIT: full-body burn',
    categoryId: 3,
    secondCategoryId: 303,
    cover: 'fitness-a',
    minutes: 34,
    views: 18_800,
    hoursAgo: 10,
  },
  {
    anchorMobile: '13900000018',
    title: 'Mobility flow for desk workers',
    categoryId: 3,
    secondCategoryId: 303,
    cover: 'fitness-a',
    minutes: 27,
    views: 12_100,
    hoursAgo: 58,
  },
  {
    anchorMobile: '13900000018',
    title: 'Core strength in 20 minutes',
    categoryId: 3,
    secondCategoryId: 303,
    cover: 'fitness-a',
    minutes: 22,
    views: 9_500,
    hoursAgo: 106,
  },
  // 足球夜话 (13900000019): European football.
  ...[0, 1].map((nth) => ({
    anchorMobile: '13900000019',
    categoryId: 2,
    secondCategoryId: 201,
    cover: nth ? 'football-c' : 'football-b',
    minutes: 116 + nth * 3,
    views: [42_600, 25_300][nth]!,
    match: { league: 'bundesliga', nth, lang: 'zh' as const },
  })),
  {
    anchorMobile: '13900000019',
    title: '深夜聊球：意甲争冠格局与战术变化',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-a',
    minutes: 81,
    views: 14_700,
    hoursAgo: 44,
  },
];

/** A demo planned live: hours from now, or a tagged match (30 minutes before kick-off). */
export interface DemoPlan {
  anchorMobile: string;
  title: string;
  categoryId: number;
  secondCategoryId: number;
  /** Cover: a room cover file name under /demo/covers/. */
  cover: string;
  inHours?: number;
  match?: MatchTag;
  ticket: number;
  status: (typeof LIVE_PLAN_STATUS)[keyof typeof LIVE_PLAN_STATUS];
}

/** Planned lives: upcoming ones for most anchors, one cancelled and one already started. */
export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    anchorMobile: '13900000019',
    title: '德甲国家德比：拜仁 vs 多特蒙德 赛前直播 + 全场解说',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-2',
    match: 'football-next',
    ticket: 0,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000003',
    title: '欧冠之夜：赛前阵容分析 + 全场解说',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-1',
    inHours: 26,
    ticket: 0,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000003',
    title: '老K会员专场：球迷问答与战术板',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-1',
    inHours: 74,
    ticket: 1,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000003',
    title: '周中杯赛夜（已取消）',
    categoryId: 2,
    secondCategoryId: 201,
    cover: 'football-1',
    inHours: 50,
    ticket: 0,
    status: LIVE_PLAN_STATUS.cancelled,
  },
  {
    anchorMobile: '13900000012',
    title: 'Patch day: testing the new meta heroes',
    categoryId: 1,
    secondCategoryId: 103,
    cover: 'dota2-1',
    inHours: 20,
    ticket: 0,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000015',
    title: '大师赛决赛前瞻：发球局数据对比',
    categoryId: 2,
    secondCategoryId: 203,
    cover: 'tennis-1',
    inHours: 44,
    ticket: 0,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000017',
    title: '残局挑战赛：观众出题，老周来解',
    categoryId: 3,
    secondCategoryId: 302,
    cover: 'chess-1',
    inHours: 5,
    ticket: 1,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000018',
    title: 'Full-body mobility, 40 minutes',
    categoryId: 3,
    secondCategoryId: 303,
    cover: 'fitness-1',
    inHours: 15,
    ticket: 0,
    status: LIVE_PLAN_STATUS.planned,
  },
  {
    anchorMobile: '13900000013',
    title: 'Ranked grind: Radiant or bust',
    categoryId: 1,
    secondCategoryId: 104,
    cover: 'valorant-1',
    inHours: -1,
    ticket: 0,
    status: LIVE_PLAN_STATUS.started,
  },
];

/** Wall-clock length of a match by sport id, for when its recording ended. */
const MATCH_MINUTES: Record<number, number> = { 1: 115, 2: 150, 3: 150 };

interface FinishedMatch {
  id: number;
  sportId: number;
  startTime: Date;
  homeEn: string;
  homeZh: string;
  awayEn: string;
  awayZh: string;
}

async function finishedMatches(db: Db, leagueKey: string): Promise<FinishedMatch[]> {
  const league = LEAGUES.find((l) => l.key === leagueKey);
  if (!league) return [];
  const home = alias(teams, 'home');
  const away = alias(teams, 'away');
  return db
    .select({
      id: matches.id,
      sportId: matches.sportId,
      startTime: matches.startTime,
      homeEn: home.nameEn,
      homeZh: home.nameZh,
      awayEn: away.nameEn,
      awayZh: away.nameZh,
    })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(and(eq(leagues.nameEn, league.nameEn), eq(matches.status, MATCH_STATUS.finished)))
    .orderBy(desc(matches.startTime));
}

/** The title of a match replay in the anchor's language. */
function matchTitle(match: FinishedMatch, lang: TitleLang): string {
  return lang === 'zh'
    ? `${match.homeZh} vs ${match.awayZh} 全场回放`
    : `Full game: ${match.homeEn} vs ${match.awayEn}`;
}

/** Inserts the replays; a match replay whose match does not exist in the window is left out. */
export async function seedReplays(db: Db, userIds: Map<string, number>, now: Date): Promise<void> {
  const byLeague = new Map<string, FinishedMatch[]>();
  const rows: (typeof replays.$inferInsert)[] = [];
  for (const replay of DEMO_REPLAYS) {
    const base = {
      anchorId: userIds.get(replay.anchorMobile)!,
      cover: replayCoverPath(replay.cover),
      categoryId: replay.categoryId,
      secondCategoryId: replay.secondCategoryId,
      streamUrl: DEMO_STREAM_URL,
      durationSec: replay.minutes * 60 + ((replay.views * 7) % 60),
      views: replay.views,
    };
    if (replay.match) {
      const { league, nth, lang } = replay.match;
      if (!byLeague.has(league)) byLeague.set(league, await finishedMatches(db, league));
      const match = byLeague.get(league)![nth];
      if (!match) continue;
      rows.push({
        ...base,
        title: matchTitle(match, lang),
        matchId: match.id,
        recordedAt: new Date(
          match.startTime.getTime() + (MATCH_MINUTES[match.sportId] ?? 120) * MINUTE,
        ),
      });
    } else {
      rows.push({
        ...base,
        title: replay.title!,
        recordedAt: new Date(now.getTime() - (replay.hoursAgo ?? 24) * HOUR),
      });
    }
  }
  // The recorded stream began its length before the live ended.
  for (const row of rows) {
    row.startedAt = new Date(row.recordedAt.getTime() - row.durationSec * 1000);
  }
  if (rows.length) await db.insert(replays).values(rows);
}

/** Inserts the planned lives, linking match plans to their tagged fixture. */
export async function seedLivePlans(
  db: Db,
  userIds: Map<string, number>,
  matchIds: Map<string, number>,
  now: Date,
): Promise<void> {
  const rows: (typeof livePlans.$inferInsert)[] = [];
  for (const plan of DEMO_PLANS) {
    let planTime = new Date(now.getTime() + (plan.inHours ?? 24) * HOUR);
    const matchId = plan.match ? matchIds.get(plan.match) : undefined;
    if (matchId) {
      const [match] = await db
        .select({ startTime: matches.startTime })
        .from(matches)
        .where(eq(matches.id, matchId));
      if (match) planTime = new Date(match.startTime.getTime() - 30 * MINUTE);
    }
    rows.push({
      anchorId: userIds.get(plan.anchorMobile)!,
      title: plan.title,
      categoryId: plan.categoryId,
      secondCategoryId: plan.secondCategoryId,
      matchId: matchId ?? null,
      cover: `/demo/covers/${plan.cover}.webp`,
      planTime,
      ticket: plan.ticket,
      status: plan.status,
    });
  }
  await db.insert(livePlans).values(rows);
}
