/**
 * Hand-written match centres of the demo's featured live matches: commentary in both languages,
 * statistics and line-ups as they stand when the demo data is made.
 */
import type { MatchEventKind, MatchStats } from '../../lib/sports/match-centre.ts';

/** A commentary line before insertion. */
export type ScriptLine = readonly [minute: number, kind: MatchEventKind, en: string, zh: string];

/** A featured match's text live and statistics; line-ups come from SQUADS. */
export interface MatchScript {
  lines: readonly ScriptLine[];
  stats: MatchStats;
}

const items = (pairs: Record<string, readonly [number, number]>) =>
  Object.entries(pairs).map(([key, [home, away]]) => ({ key, home, away }));

/** Scripts by match tag (see FIXED in matches.ts). */
export const MATCH_SCRIPTS: Record<string, MatchScript> = {
  'football-live': {
    lines: [
      [
        0,
        'period',
        'Kick-off at the Emirates! Arsenal get us under way against Manchester City.',
        '比赛开始！酋长球场，阿森纳开球，对阵曼城。',
      ],
      [
        2,
        'info',
        'City settle into possession early, Rodri dictating from the base of midfield.',
        '曼城开场迅速控制球权，罗德里在中场后腰位置调度。',
      ],
      [
        5,
        'chance',
        'Saka cuts inside from the right and curls one just over the bar.',
        '萨卡右路内切弧线球攻门，皮球稍稍高出横梁。',
      ],
      [
        8,
        'info',
        'Arsenal press high and force Ederson to go long.',
        '阿森纳高位逼抢，迫使埃德森大脚开出。',
      ],
      [
        11,
        'chance',
        "Haaland meets Doku's cross at the near post, but Raya gets down quickly to save.",
        '多库传中，哈兰德前点抢射，拉亚快速倒地将球扑出。',
      ],
      [
        14,
        'card',
        'Yellow card: Partey is booked for a late challenge on De Bruyne.',
        '黄牌！帕尔蒂放铲德布劳内，吃到本场第一张黄牌。',
      ],
      [
        17,
        'info',
        "Corner to City after Gvardiol's effort is deflected behind.",
        '格瓦迪奥尔射门被挡出底线，曼城获得角球。',
      ],
      [
        18,
        'info',
        'Saliba rises highest to head the corner clear.',
        '萨利巴高高跃起，将角球头球解围。',
      ],
      [
        23,
        'goal',
        'GOAL! Arsenal 1-0 Man City. Saka whips in a cross from the right and Havertz glances a header past Ederson!',
        '球进了！阿森纳1-0曼城！萨卡右路传中，哈弗茨头球擦射破门！',
      ],
      [
        24,
        'var',
        'VAR checks a possible offside in the build-up... the goal stands.',
        'VAR检查进球前是否越位……进球有效！',
      ],
      [
        27,
        'chance',
        "Foden's low drive from 20 yards is pushed wide by Raya.",
        '福登20码外低射，被拉亚扑出底线。',
      ],
      [
        30,
        'card',
        'Yellow card for Rodri after pulling back Ødegaard on the break.',
        '罗德里拉拽反击中的厄德高，被出示黄牌。',
      ],
      [
        33,
        'info',
        'Arsenal drop into a compact 4-4-2 out of possession.',
        '阿森纳无球时收缩为紧凑的4-4-2阵型。',
      ],
      [
        35,
        'chance',
        'Martinelli skips past Lewis and fires across goal, inches wide of the far post!',
        '马丁内利晃过里科-刘易斯后斜射，皮球擦着远门柱偏出！',
      ],
      [
        37,
        'info',
        'City have had 58% of the ball but only two shots on target.',
        '曼城控球率达到58%，但只有两脚射正。',
      ],
    ],
    stats: {
      periods: [{ home: 1, away: 0 }],
      items: items({
        possession: [42, 58],
        shots: [6, 5],
        shotsOnTarget: [3, 2],
        corners: [3, 4],
        fouls: [6, 5],
        offsides: [1, 0],
        yellowCards: [1, 1],
        redCards: [0, 0],
        saves: [2, 2],
        passAccuracy: [82, 89],
      }),
    },
  },
  'basketball-live': {
    lines: [
      [
        0,
        'period',
        'Tip-off at Crypto.com Arena: Davis wins the jump ball for the Lakers.',
        '比赛开始！加密网体育馆，戴维斯为湖人赢得跳球。',
      ],
      [
        2,
        'point',
        'Curry opens the scoring with a pull-up three from the wing.',
        '库里侧翼急停三分命中，为勇士拿下首分。',
      ],
      [
        5,
        'point',
        'LeBron drives baseline and finishes with a reverse layup.',
        '勒布朗底线突破，反手上篮得手。',
      ],
      [
        9,
        'info',
        'Timeout Warriors as the Lakers go on a 9-2 run.',
        '湖人打出一波9-2的攻势，勇士叫暂停。',
      ],
      [12, 'period', 'End of Q1: Lakers 28-24 Warriors.', '第一节结束，湖人28-24勇士。'],
      [
        16,
        'point',
        'Hield catches fire off the bench: back-to-back threes!',
        '替补登场的希尔德手感火热，连续命中三分！',
      ],
      [
        20,
        'point',
        'Reaves is fouled on a three-point attempt and makes all three free throws.',
        '里夫斯三分出手造成犯规，三罚全中。',
      ],
      [
        24,
        'period',
        'Half-time: Lakers 58-51 Warriors. Davis has 16 points and 9 rebounds.',
        '半场结束，湖人58-51勇士。戴维斯已砍下16分9篮板。',
      ],
      [
        27,
        'point',
        'Green finds Kuminga cutting to the rim for a two-handed dunk.',
        '追梦格林送出妙传，库明加空切双手扣篮。',
      ],
      [
        29,
        'point',
        "Curry's deep three cuts the lead to two!",
        '库里超远三分命中，将分差缩小到2分！',
      ],
      [
        31,
        'info',
        'LeBron answers with a step-back jumper; Lakers lead 78-74.',
        '勒布朗后撤步跳投回应，湖人78-74领先。',
      ],
    ],
    stats: {
      periods: [
        { home: 28, away: 24 },
        { home: 30, away: 27 },
        { home: 20, away: 23 },
      ],
      items: items({
        fieldGoalPct: [49, 46],
        threePointers: [9, 13],
        freeThrows: [13, 9],
        rebounds: [30, 27],
        assists: [18, 20],
        steals: [6, 7],
        blocks: [4, 2],
        turnovers: [8, 10],
        fouls: [14, 16],
      }),
    },
  },
  'tennis-live': {
    lines: [
      [0, 'period', 'Sinner to serve first. Play!', '辛纳率先发球，比赛开始！'],
      [
        4,
        'point',
        'Love hold for Sinner, finished with an ace down the T.',
        '辛纳零封保发，以一记中路Ace收尾。',
      ],
      [
        9,
        'point',
        'Alcaraz saves two break points with a drop shot and a forehand winner.',
        '阿尔卡拉斯以一记放小球和正手制胜分挽救两个破发点。',
      ],
      [
        21,
        'point',
        "BREAK! Sinner's backhand return lands on the line: 4-3.",
        '破发！辛纳反手回球压线，4-3领先。',
      ],
      [38, 'period', 'Set Sinner, 6-4, served out to love.', '辛纳6-4拿下首盘，发球胜盘局零封。'],
      [
        44,
        'point',
        'Alcaraz breaks straight back at the start of set two.',
        '第二盘开局阿尔卡拉斯立即完成破发。',
      ],
      [52, 'point', 'Sinner holds to stay within a break: 2-3.', '辛纳保发，2-3紧追。'],
    ],
    stats: {
      periods: [
        { home: 6, away: 4 },
        { home: 2, away: 3 },
      ],
      items: items({
        aces: [7, 4],
        doubleFaults: [1, 3],
        firstServePct: [68, 61],
        firstServeWonPct: [79, 70],
        breakPointsWon: [1, 1],
        winners: [18, 15],
        unforcedErrors: [9, 14],
      }),
    },
  },
  'csl-live': {
    lines: [
      [
        0,
        'period',
        'Kick-off at Pudong Football Stadium: Shanghai Port against Shandong Taishan.',
        '比赛开始！浦东足球场，上海海港迎战山东泰山。',
      ],
      [
        3,
        'chance',
        'Wu Lei darts in behind, but Wang Dalei is quickly off his line to smother.',
        '武磊插上身后，王大雷果断出击将球没收。',
      ],
      [
        7,
        'info',
        'Taishan sit deep and look to find Crysan on the counter.',
        '泰山队站位靠后，寻求通过克雷桑打反击。',
      ],
      [
        11,
        'card',
        "Yellow card: Liao Lisheng stops Oscar's run with a cynical foul.",
        '黄牌！廖力生战术犯规放倒奥斯卡。',
      ],
      [
        14,
        'chance',
        "Oscar's free kick curls over the wall and clips the top of the bar!",
        '奥斯卡任意球绕过人墙，击中横梁上沿！',
      ],
      [
        18,
        'chance',
        "Crysan's header from a corner is blocked on the line by Wang Shenchao.",
        '克雷桑角球头球攻门，被王燊超在门线上挡出。',
      ],
    ],
    stats: {
      periods: [{ home: 0, away: 0 }],
      items: items({
        possession: [61, 39],
        shots: [5, 2],
        shotsOnTarget: [2, 0],
        corners: [3, 1],
        fouls: [3, 5],
        offsides: [1, 0],
        yellowCards: [0, 1],
        redCards: [0, 0],
        saves: [0, 1],
        passAccuracy: [86, 78],
      }),
    },
  },
};
