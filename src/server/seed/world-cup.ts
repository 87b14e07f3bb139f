/**
 * The demo World Cup: 32 national teams in eight groups and the group stage around `now`
 * (rounds one and two played, round three to come). Deterministic for a given `now`.
 */
import { seededRandom } from '../../lib/random.ts';
import type { Db } from '../db/index.ts';
import { leagues, matches, MATCH_STATUS, teams, tournamentGroups } from '../db/schema.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const BEIJING_OFFSET = 8 * HOUR;
/** Wall-clock length of a football match, as in matches.ts. */
const DURATION_MIN = 115;

/** The tournament as a league row. */
export const WORLD_CUP = {
  sportId: 1,
  nameZh: '世界杯',
  nameEn: 'World Cup',
  shortName: 'WC',
} as const;

/** Groups A to H, four teams each: English name, Chinese name, colour. */
export const WORLD_CUP_GROUPS: readonly (readonly (readonly [string, string, string])[])[] = [
  [
    ['Germany', '德国', '#2b2b2b'],
    ['Mexico', '墨西哥', '#006847'],
    ['Japan', '日本', '#1b3f8f'],
    ['Morocco', '摩洛哥', '#c1272d'],
  ],
  [
    ['Argentina', '阿根廷', '#74acdf'],
    ['Netherlands', '荷兰', '#f36c21'],
    ['Korea Republic', '韩国', '#c60c30'],
    ['Ecuador', '厄瓜多尔', '#e0b400'],
  ],
  [
    ['France', '法国', '#002395'],
    ['United States', '美国', '#0a3161'],
    ['Senegal', '塞内加尔', '#00853f'],
    ['Australia', '澳大利亚', '#d9a400'],
  ],
  [
    ['Brazil', '巴西', '#009c3b'],
    ['Croatia', '克罗地亚', '#e30a17'],
    ['Switzerland', '瑞士', '#d52b1e'],
    ['Canada', '加拿大', '#b5121b'],
  ],
  [
    ['England', '英格兰', '#cf081f'],
    ['Uruguay', '乌拉圭', '#4aa3df'],
    ['Iran', '伊朗', '#239f40'],
    ['Norway', '挪威', '#ba0c2f'],
  ],
  [
    ['Spain', '西班牙', '#c60b1e'],
    ['Colombia', '哥伦比亚', '#d4a900'],
    ['Saudi Arabia', '沙特阿拉伯', '#006c35'],
    ['Austria', '奥地利', '#ed2939'],
  ],
  [
    ['Portugal', '葡萄牙', '#046a38'],
    ['Belgium', '比利时', '#e30613'],
    ['Egypt', '埃及', '#ce1126'],
    ['Uzbekistan', '乌兹别克斯坦', '#1c8fd1'],
  ],
  [
    ['Italy', '意大利', '#0066b3'],
    ['Denmark', '丹麦', '#c8102e'],
    ['Nigeria', '尼日利亚', '#008751'],
    ['China PR', '中国', '#de2910'],
  ],
];

/** Pairings of the three rounds by position in the group. */
const ROUNDS: readonly (readonly [number, number])[][] = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [0, 2],
    [3, 1],
  ],
  [
    [3, 0],
    [1, 2],
  ],
];

/** Day of each round relative to today (Beijing time), for groups A-D and E-H. */
const ROUND_DAYS: readonly (readonly [number, number])[] = [
  [-6, -5],
  [-2, -1],
  [2, 3],
];

/** Kick-off hours after Beijing midnight; two matches share each slot. */
const KICKOFFS = [17, 20, 23, 26];

function goals(rand: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit && k < 5) {
    k += 1;
    p *= rand();
  }
  return k;
}

/** Inserts the tournament, its teams, groups and group-stage fixtures; returns the league id. */
export async function seedWorldCup(db: Db, now: Date): Promise<number> {
  const rand = seededRandom(2026);
  const nowMs = now.getTime();
  const today = Math.floor((nowMs + BEIJING_OFFSET) / DAY) * DAY - BEIJING_OFFSET;
  const [league] = await db.insert(leagues).values(WORLD_CUP).returning({ id: leagues.id });
  const leagueId = league!.id;
  const teamRows = await db
    .insert(teams)
    .values(
      WORLD_CUP_GROUPS.flat().map(([nameEn, nameZh, color]) => ({
        sportId: WORLD_CUP.sportId,
        nameEn,
        nameZh,
        color,
      })),
    )
    .returning({ id: teams.id });
  const ids = WORLD_CUP_GROUPS.map((group, g) => group.map((_, i) => teamRows[g * 4 + i]!.id));
  await db
    .insert(tournamentGroups)
    .values(
      ids.flatMap((group, g) =>
        group.map((teamId) => ({ leagueId, teamId, groupName: String.fromCharCode(65 + g) })),
      ),
    );
  const fixtures: (typeof matches.$inferInsert)[] = [];
  ROUNDS.forEach((pairs, round) => {
    ids.forEach((group, g) => {
      const day = ROUND_DAYS[round]![g < 4 ? 0 : 1];
      pairs.forEach(([h, a]) => {
        const start = today + day * DAY + KICKOFFS[g % 4]! * HOUR;
        const elapsed = (nowMs - start) / MINUTE;
        const final = [goals(rand, 1.3), goals(rand, 1.1)];
        const status =
          elapsed >= DURATION_MIN
            ? MATCH_STATUS.finished
            : elapsed >= 0
              ? MATCH_STATUS.live
              : MATCH_STATUS.scheduled;
        const f = status === MATCH_STATUS.live ? elapsed / DURATION_MIN : 1;
        fixtures.push({
          sportId: WORLD_CUP.sportId,
          leagueId,
          homeTeamId: group[h]!,
          awayTeamId: group[a]!,
          startTime: new Date(start),
          status,
          homeScore: status === MATCH_STATUS.scheduled ? null : Math.floor(final[0]! * f),
          awayScore: status === MATCH_STATUS.scheduled ? null : Math.floor(final[1]! * f),
        });
      });
    });
  });
  await db.insert(matches).values(fixtures);
  return leagueId;
}
