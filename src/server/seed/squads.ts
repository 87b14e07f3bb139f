/** Demo team sheets of the teams whose matches carry line-ups (keyed by English team name). */
import type { LineupPlayer, TeamLineup } from '../../lib/sports/match-centre.ts';

type Row = readonly [no: string, pos: string, en: string, zh: string];

const players = (rows: readonly Row[], captain?: string): LineupPlayer[] =>
  rows.map(([no, pos, en, zh]) => ({
    no,
    pos,
    en,
    zh,
    ...(no === captain ? { captain: true } : {}),
  }));

function sheet(
  formation: string,
  coach: readonly [en: string, zh: string],
  starters: readonly Row[],
  bench: readonly Row[],
  captain: string,
): TeamLineup {
  return {
    formation,
    coachEn: coach[0],
    coachZh: coach[1],
    starters: players(starters, captain),
    bench: players(bench),
  };
}

/** Team sheets by English team name. */
export const SQUADS: Record<string, TeamLineup> = {
  Arsenal: sheet(
    '4-3-3',
    ['Mikel Arteta', '阿尔特塔'],
    [
      ['22', 'GK', 'David Raya', '拉亚'],
      ['12', 'DF', 'Jurriën Timber', '廷伯'],
      ['2', 'DF', 'William Saliba', '萨利巴'],
      ['6', 'DF', 'Gabriel Magalhães', '加布里埃尔'],
      ['49', 'DF', 'Myles Lewis-Skelly', '刘易斯-斯凯利'],
      ['41', 'MF', 'Declan Rice', '赖斯'],
      ['5', 'MF', 'Thomas Partey', '帕尔蒂'],
      ['8', 'MF', 'Martin Ødegaard', '厄德高'],
      ['7', 'FW', 'Bukayo Saka', '萨卡'],
      ['29', 'FW', 'Kai Havertz', '哈弗茨'],
      ['11', 'FW', 'Gabriel Martinelli', '马丁内利'],
    ],
    [
      ['32', 'GK', 'Neto', '内托'],
      ['33', 'DF', 'Riccardo Calafiori', '卡拉菲奥里'],
      ['15', 'DF', 'Jakub Kiwior', '基维奥尔'],
      ['23', 'MF', 'Mikel Merino', '梅里诺'],
      ['20', 'MF', 'Jorginho', '若日尼奥'],
      ['53', 'MF', 'Ethan Nwaneri', '恩瓦内里'],
      ['19', 'FW', 'Leandro Trossard', '特罗萨德'],
      ['30', 'FW', 'Raheem Sterling', '斯特林'],
      ['9', 'FW', 'Gabriel Jesus', '热苏斯'],
    ],
    '8',
  ),
  'Manchester City': sheet(
    '4-2-3-1',
    ['Pep Guardiola', '瓜迪奥拉'],
    [
      ['31', 'GK', 'Ederson', '埃德森'],
      ['82', 'DF', 'Rico Lewis', '里科-刘易斯'],
      ['3', 'DF', 'Rúben Dias', '鲁本-迪亚斯'],
      ['25', 'DF', 'Manuel Akanji', '阿坎吉'],
      ['24', 'DF', 'Joško Gvardiol', '格瓦迪奥尔'],
      ['16', 'MF', 'Rodri', '罗德里'],
      ['20', 'MF', 'Bernardo Silva', '贝尔纳多-席尔瓦'],
      ['17', 'MF', 'Kevin De Bruyne', '德布劳内'],
      ['47', 'MF', 'Phil Foden', '福登'],
      ['11', 'FW', 'Jérémy Doku', '多库'],
      ['9', 'FW', 'Erling Haaland', '哈兰德'],
    ],
    [
      ['18', 'GK', 'Stefan Ortega', '奥尔特加'],
      ['5', 'DF', 'John Stones', '斯通斯'],
      ['6', 'DF', 'Nathan Aké', '阿克'],
      ['8', 'MF', 'Mateo Kovačić', '科瓦契奇'],
      ['19', 'MF', 'İlkay Gündoğan', '京多安'],
      ['27', 'MF', 'Matheus Nunes', '马特乌斯-努内斯'],
      ['10', 'FW', 'Jack Grealish', '格拉利什'],
      ['26', 'FW', 'Savinho', '萨维尼奥'],
      ['52', 'FW', 'Oscar Bobb', '博布'],
    ],
    '17',
  ),
  'Shanghai Port': sheet(
    '4-4-2',
    ['Kevin Muscat', '穆斯卡特'],
    [
      ['1', 'GK', 'Yan Junling', '颜骏凌'],
      ['4', 'DF', 'Wang Shenchao', '王燊超'],
      ['5', 'DF', 'Zhang Linpeng', '张琳芃'],
      ['32', 'DF', 'Jiang Guangtai', '蒋光太'],
      ['21', 'DF', 'Li Shuai', '李帅'],
      ['11', 'MF', 'Lü Wenjun', '吕文君'],
      ['6', 'MF', 'Xu Xin', '徐新'],
      ['8', 'MF', 'Oscar', '奥斯卡'],
      ['27', 'MF', 'Feng Jin', '冯劲'],
      ['7', 'FW', 'Wu Lei', '武磊'],
      ['9', 'FW', 'Gustavo', '古斯塔沃'],
    ],
    [
      ['34', 'GK', 'Chen Wei', '陈威'],
      ['3', 'DF', 'Wei Zhen', '魏震'],
      ['23', 'DF', 'Fu Huan', '傅欢'],
      ['16', 'MF', 'Yang Shiyuan', '杨世元'],
      ['18', 'MF', 'Liu Zhurun', '刘祝润'],
      ['10', 'FW', 'Matías Vargas', '巴尔加斯'],
      ['14', 'FW', 'Li Shenyuan', '李申圆'],
    ],
    '4',
  ),
  'Shandong Taishan': sheet(
    '4-2-3-1',
    ['Choi Kang-hee', '崔康熙'],
    [
      ['14', 'GK', 'Wang Dalei', '王大雷'],
      ['27', 'DF', 'Gao Zhunyi', '高准翼'],
      ['5', 'DF', 'Zheng Zheng', '郑铮'],
      ['4', 'DF', 'Jadson', '贾德松'],
      ['11', 'DF', 'Liu Binbin', '刘彬彬'],
      ['8', 'MF', 'Liao Lisheng', '廖力生'],
      ['19', 'MF', 'Li Yuanyi', '李源一'],
      ['15', 'MF', 'Wu Xinghan', '吴兴涵'],
      ['7', 'MF', 'Chen Pu', '陈蒲'],
      ['10', 'FW', 'Zeca', '泽卡'],
      ['28', 'FW', 'Crysan', '克雷桑'],
    ],
    [
      ['1', 'GK', 'Liu Shibo', '刘世博'],
      ['3', 'DF', 'Song Long', '宋龙'],
      ['2', 'DF', 'Wang Tong', '王彤'],
      ['20', 'MF', 'Huang Zhengyu', '黄政宇'],
      ['16', 'MF', 'Xie Wenneng', '谢文能'],
      ['9', 'FW', 'Bi Jinhao', '毕津浩'],
      ['29', 'FW', 'Fei Nanduo', '费南多'],
    ],
    '14',
  ),
  'Los Angeles Lakers': sheet(
    '',
    ['JJ Redick', '雷迪克'],
    [
      ['1', 'PG', "D'Angelo Russell", '拉塞尔'],
      ['15', 'SG', 'Austin Reaves', '里夫斯'],
      ['23', 'SF', 'LeBron James', '勒布朗-詹姆斯'],
      ['28', 'PF', 'Rui Hachimura', '八村塁'],
      ['3', 'C', 'Anthony Davis', '安东尼-戴维斯'],
    ],
    [
      ['10', 'SG', 'Max Christie', '克里斯蒂'],
      ['5', 'SF', 'Cam Reddish', '雷迪什'],
      ['4', 'SF', 'Dalton Knecht', '克内克特'],
      ['2', 'PF', 'Jarred Vanderbilt', '范德比尔特'],
      ['11', 'C', 'Jaxson Hayes', '海斯'],
      ['9', 'PG', 'Bronny James', '布朗尼-詹姆斯'],
    ],
    '23',
  ),
  'Golden State Warriors': sheet(
    '',
    ['Steve Kerr', '科尔'],
    [
      ['30', 'PG', 'Stephen Curry', '库里'],
      ['2', 'SG', 'Brandin Podziemski', '波杰姆斯基'],
      ['22', 'SF', 'Andrew Wiggins', '维金斯'],
      ['23', 'PF', 'Draymond Green', '追梦格林'],
      ['32', 'C', 'Trayce Jackson-Davis', '杰克逊-戴维斯'],
    ],
    [
      ['0', 'PG', 'Gary Payton II', '小佩顿'],
      ['00', 'PF', 'Jonathan Kuminga', '库明加'],
      ['4', 'SF', 'Moses Moody', '穆迪'],
      ['7', 'SG', 'Buddy Hield', '希尔德'],
      ['8', 'SG', "De'Anthony Melton", '梅尔顿'],
      ['5', 'C', 'Kevon Looney', '卢尼'],
    ],
    '30',
  ),
};

/** The team sheet of a team, if the demo has one. */
export function squadOf(team: string): TeamLineup | undefined {
  return SQUADS[team];
}
