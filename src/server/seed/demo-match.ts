/**
 * The demo match the server plays when the demo data is on (seed/demo-player.ts): the
 * featured football match of the demo, Arsenal against Manchester City, from kick-off to full
 * time. Its first lines are the ones the demo data starts with, so the player takes over the
 * seeded match where it stands; the rest plays on from there. A step may change the score or
 * the state of the match as its line is published.
 */
import type { MatchEventKind } from '../../lib/sports/match-centre.ts';
import { MATCH_SCRIPTS, type ScriptLine } from './match-scripts.ts';

/** What a step does to the match besides its line: half-time, second half, full time. */
export type DemoTurn = 'ht' | '2h' | 'ft';

/** One step of the demo match: a text line, and the score or state it leaves. */
export interface DemoStep {
  minute: number;
  kind: MatchEventKind;
  en: string;
  zh: string;
  /** The score after this line, when it changes it. */
  score?: readonly [home: number, away: number];
  turn?: DemoTurn;
}

const step = (
  [minute, kind, en, zh]: ScriptLine,
  extra: Pick<DemoStep, 'score' | 'turn'> = {},
): DemoStep => ({ minute, kind, en, zh, ...extra });

/** The seeded lines of the featured match; the goal among them makes it 1-0. */
const SEEDED: DemoStep[] = MATCH_SCRIPTS['football-live']!.lines.map((line) =>
  step(line, line[1] === 'goal' ? { score: [1, 0] } : {}),
);

const REST: DemoStep[] = [
  step([
    39,
    'chance',
    'Ødegaard threads Saka in behind, but Gvardiol slides in to block the shot.',
    '厄德高直塞萨卡插上，格瓦迪奥尔飞铲封堵射门。',
  ]),
  step([
    41,
    'sub',
    'Substitution, Manchester City: Doku is replaced by Grealish.',
    '曼城换人：格拉利什替下多库。',
  ]),
  step([
    43,
    'chance',
    'De Bruyne bends a free kick towards the top corner, Raya tips it over!',
    '德布劳内任意球直挂死角，拉亚单掌将球托出横梁！',
  ]),
  step([
    45,
    'info',
    'Two minutes of added time at the end of the first half.',
    '上半场补时2分钟。',
  ]),
  step(
    [
      45,
      'period',
      'Half-time at the Emirates: Arsenal 1-0 Manchester City.',
      '半场结束，阿森纳1-0曼城。',
    ],
    { turn: 'ht' },
  ),
  step(
    [
      46,
      'period',
      'The second half is under way, City kicking towards the Clock End.',
      '下半场开始，曼城向钟楼看台方向进攻。',
    ],
    { turn: '2h' },
  ),
  step([
    48,
    'info',
    'City come out with purpose, pinning Arsenal inside their own half.',
    '曼城易边再战攻势凶猛，把阿森纳压在本方半场。',
  ]),
  step([
    50,
    'chance',
    'Foden skims the outside of the post from the edge of the box.',
    '福登禁区弧顶射门，皮球擦着立柱外侧偏出。',
  ]),
  step(
    [
      52,
      'goal',
      'GOAL! Arsenal 1-1 Man City. Haaland turns Saliba and drills it low into the far corner!',
      '球进了！阿森纳1-1曼城！哈兰德转身摆脱萨利巴，低射远角破门！',
    ],
    { score: [1, 1] },
  ),
  step([
    55,
    'info',
    'The Emirates is quiet for the first time this afternoon.',
    '酋长球场第一次安静了下来。',
  ]),
  step([
    58,
    'card',
    'Yellow card: Gvardiol stops Saka with a cynical foul.',
    '黄牌！格瓦迪奥尔战术犯规放倒萨卡。',
  ]),
  step([
    61,
    'sub',
    'Substitution, Arsenal: Trossard on, Martinelli off.',
    '阿森纳换人：特罗萨德替下马丁内利。',
  ]),
  step([
    64,
    'chance',
    'Trossard cuts inside and forces a diving save from Ederson.',
    '特罗萨德内切射门，埃德森侧扑将球挡出。',
  ]),
  step([
    67,
    'var',
    'VAR looks at a possible handball by Walker in the box... no penalty.',
    'VAR检查沃克禁区内是否手球……不判点球。',
  ]),
  step([
    70,
    'info',
    "Arteta's side have the ball back and the crowd behind them again.",
    '阿尔特塔的球队重新掌控球权，看台再次沸腾。',
  ]),
  step([
    73,
    'sub',
    'Substitution, Manchester City: Kovačić replaces De Bruyne.',
    '曼城换人：科瓦契奇替下德布劳内。',
  ]),
  step([75, 'chance', 'Havertz heads a corner against the bar!', '哈弗茨头球攻门击中横梁！']),
  step(
    [
      78,
      'goal',
      'GOAL! Arsenal 2-1 Man City. Saka picks up the rebound and lashes it into the roof of the net!',
      '球进了！阿森纳2-1曼城！萨卡补射爆射球门顶部！',
    ],
    { score: [2, 1] },
  ),
  step([
    81,
    'card',
    'Yellow card for Kovačić, frustrated, for dissent.',
    '科瓦契奇因不满判罚被出示黄牌。',
  ]),
  step([
    84,
    'chance',
    "Haaland's volley from Grealish's cross flies just wide.",
    '格拉利什传中，哈兰德凌空抽射稍稍偏出。',
  ]),
  step([
    87,
    'sub',
    'Substitution, Arsenal: Jorginho on for Ødegaard to close the game out.',
    '阿森纳换人：若日尼奥替下厄德高，加强防守。',
  ]),
  step([90, 'info', 'Four minutes of added time.', '下半场补时4分钟。']),
  step([
    92,
    'chance',
    'Ederson comes up for a last corner... Raya claims it!',
    '埃德森压上争抢最后一个角球……拉亚将球稳稳没收！',
  ]),
  step(
    [
      94,
      'period',
      'Full time! Arsenal 2-1 Manchester City. Saka settles a thriller at the Emirates.',
      '全场比赛结束！阿森纳2-1曼城，萨卡在酋长球场一锤定音。',
    ],
    { turn: 'ft' },
  ),
];

/** The demo match from kick-off (the first step) to full time (the last). */
export const DEMO_MATCH_STEPS: readonly DemoStep[] = [...SEEDED, ...REST];

/** The demo match's teams, as the demo data names them in English. */
export const DEMO_MATCH_TEAMS = { home: 'Arsenal', away: 'Manchester City' } as const;
