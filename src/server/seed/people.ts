/**
 * Demo accounts and their live rooms as plain data, shared by the seed and by
 * scripts/make-demo-art.ts (which draws the avatars and covers named here).
 */

/** Password of every demo account. */
export const DEMO_PASSWORD = 'demo1234';

/** Art themes of the room covers; each draws its own floor and glyph. */
export type ArtTheme =
  | 'football'
  | 'basketball'
  | 'tennis'
  | 'lol'
  | 'cs2'
  | 'dota2'
  | 'valorant'
  | 'billiards'
  | 'chess'
  | 'fitness';

/** One seeded account with its progression and starting balances (minor units). */
export interface DemoAccount {
  /** Login mobile, 11 digits. */
  mobile: string;
  /** Display name, 2-8 characters. */
  nickName: string;
  /** Avatar file name under /demo/avatars/, without extension. */
  avatar: string;
  /** Two colours of the avatar art. */
  colors: readonly [string, string];
  /** 1 member, 2 anchor, 3 administrator. */
  role: 1 | 2 | 3;
  /** Experience; level n starts at 100 * n * n. */
  exp: number;
  /** Noble level 0-3. */
  vipLevel: number;
  /** Days until the noble level lapses; only with vipLevel > 0. */
  vipDays?: number;
  /** Gold balance in minor units. */
  gold: number;
  /** Diamond balance in minor units. */
  diamond: number;
  /** Anchor income in minor units. */
  income: number;
}

/** The public path of an account's avatar. */
export function avatarPath(account: Pick<DemoAccount, 'avatar'>): string {
  return `/demo/avatars/${account.avatar}.webp`;
}

/** Every demo account, in insertion order (ids 100001 upwards after a reset). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    mobile: '13900000001',
    nickName: 'SkyRider',
    avatar: 'u1',
    colors: ['#00d1ff', '#7c5cff'],
    role: 1,
    exp: 2800,
    vipLevel: 0,
    gold: 1_000_000,
    diamond: 10_000,
    income: 0,
  },
  {
    mobile: '13900000002',
    nickName: '龙吟九天',
    avatar: 'u2',
    colors: ['#ffb800', '#ff3b5c'],
    role: 1,
    exp: 23_600,
    vipLevel: 3,
    vipDays: 30,
    gold: 500_000,
    diamond: 5_000,
    income: 0,
  },
  {
    mobile: '13900000003',
    nickName: '老K说球',
    avatar: 'u3',
    colors: ['#ff3b5c', '#ffb800'],
    role: 2,
    exp: 12_400,
    vipLevel: 0,
    gold: 88_800,
    diamond: 0,
    income: 356_000,
  },
  {
    mobile: '13900000004',
    nickName: '米娅Mia',
    avatar: 'u4',
    colors: ['#7c5cff', '#00d1ff'],
    role: 1,
    exp: 6_700,
    vipLevel: 0,
    gold: 36_000,
    diamond: 1_200,
    income: 0,
  },
  {
    mobile: '13900000005',
    nickName: '运营小助手',
    avatar: 'u5',
    colors: ['#2b3550', '#00d1ff'],
    role: 3,
    exp: 900,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 0,
  },
  {
    mobile: '13900000010',
    nickName: '阿杰解说',
    avatar: 'u6',
    colors: ['#7c5cff', '#ff3b5c'],
    role: 2,
    exp: 19_800,
    vipLevel: 0,
    gold: 12_000,
    diamond: 0,
    income: 1_820_000,
  },
  {
    mobile: '13900000011',
    nickName: 'CS老炮',
    avatar: 'u7',
    colors: ['#ffb800', '#2b3550'],
    role: 2,
    exp: 10_300,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 642_500,
  },
  {
    mobile: '13900000012',
    nickName: 'DotaBear',
    avatar: 'u8',
    colors: ['#ff3b5c', '#7c5cff'],
    role: 2,
    exp: 4_100,
    vipLevel: 0,
    gold: 5_000,
    diamond: 0,
    income: 48_000,
  },
  {
    mobile: '13900000013',
    nickName: 'ValQueen',
    avatar: 'u9',
    colors: ['#ff3b5c', '#00d1ff'],
    role: 2,
    exp: 8_200,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 215_300,
  },
  {
    mobile: '13900000014',
    nickName: 'HoopsDan',
    avatar: 'u10',
    colors: ['#ffb800', '#7c5cff'],
    role: 2,
    exp: 14_600,
    vipLevel: 0,
    gold: 30_000,
    diamond: 0,
    income: 930_000,
  },
  {
    mobile: '13900000015',
    nickName: '网球小花',
    avatar: 'u11',
    colors: ['#00d1ff', '#ffb800'],
    role: 2,
    exp: 2_600,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 12_600,
  },
  {
    mobile: '13900000016',
    nickName: '台球阿峰',
    avatar: 'u12',
    colors: ['#00d1ff', '#2b3550'],
    role: 2,
    exp: 5_500,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 76_400,
  },
  {
    mobile: '13900000017',
    nickName: '棋圣老周',
    avatar: 'u13',
    colors: ['#7c5cff', '#ffb800'],
    role: 2,
    exp: 1_600,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 0,
  },
  {
    mobile: '13900000018',
    nickName: 'FitLuna',
    avatar: 'u14',
    colors: ['#ff3b5c', '#ffb800'],
    role: 2,
    exp: 3_900,
    vipLevel: 0,
    gold: 8_000,
    diamond: 0,
    income: 21_800,
  },
  {
    mobile: '13900000019',
    nickName: '足球夜话',
    avatar: 'u15',
    colors: ['#00d1ff', '#ff3b5c'],
    role: 2,
    exp: 7_300,
    vipLevel: 0,
    gold: 0,
    diamond: 0,
    income: 98_000,
  },
];

/** Tags of the fixed matches that rooms link to (see sports.ts). */
export type MatchTag = 'football-live' | 'basketball-live' | 'football-next';

/** One anchor's room: where it is listed, how it looks and whether it is live. */
export interface DemoRoom {
  /** Mobile of the anchor who owns the room. */
  anchorMobile: string;
  title: string;
  /** Top-level category id (1 esports, 2 sports, 3 others). */
  categoryId: number;
  /** Second-level category id. */
  secondCategoryId: number;
  /** Tag of the linked match, if any. */
  match?: MatchTag;
  /** Broadcasting now. */
  live: boolean;
  /** Minutes since the current or last live started. */
  startedMinutesAgo: number;
  heat: number;
  announcement: string;
  /** Tickets to enter while live (a ticket-paid room); absent for a free room. */
  ticket?: number;
  /** Cover file name under /demo/covers/ and /demo/covers-v/, without extension. */
  cover: string;
  /** Theme and the two team or accent colours of the cover art. */
  art: { theme: ArtTheme; colors: readonly [string, string] };
}

/** Every demo room; six are live. */
export const DEMO_ROOMS: readonly DemoRoom[] = [
  {
    anchorMobile: '13900000003',
    title: '英超焦点战：阿森纳 vs 曼城 老K全场解说',
    categoryId: 2,
    secondCategoryId: 201,
    match: 'football-live',
    live: true,
    startedMinutesAgo: 52,
    heat: 1_286_000,
    announcement:
      '欢迎来到老K说球！每晚英超、欧冠焦点战全程解说，理性看球，文明发言。Welcome! Be kind in chat.',
    cover: 'football-1',
    art: { theme: 'football', colors: ['#e4002b', '#6cabdd'] },
  },
  {
    anchorMobile: '13900000010',
    title: 'LPL 季后赛 BLG vs JDG 阿杰陪你看',
    categoryId: 1,
    secondCategoryId: 101,
    live: true,
    startedMinutesAgo: 95,
    heat: 2_300_000,
    announcement: '每天 19:00 开播，赛后复盘关键团战。点个关注不迷路！',
    cover: 'lol-1',
    art: { theme: 'lol', colors: ['#7c5cff', '#00d1ff'] },
  },
  {
    anchorMobile: '13900000011',
    title: 'CS2 Major 预选赛 老炮带你看残局',
    categoryId: 1,
    secondCategoryId: 102,
    live: true,
    startedMinutesAgo: 130,
    heat: 486_000,
    announcement: '残局教学 + 赛事解说，弹幕提问必回。禁止刷屏和外链。',
    cover: 'cs2-1',
    art: { theme: 'cs2', colors: ['#ffb800', '#ff3b5c'] },
  },
  {
    anchorMobile: '13900000012',
    title: 'Dota 2 ranked: road to Immortal',
    categoryId: 1,
    secondCategoryId: 103,
    live: false,
    startedMinutesAgo: 60 * 26,
    heat: 35_600,
    announcement: 'Streams most nights at 21:00 (UTC+8). Drafts and item builds explained.',
    cover: 'dota2-1',
    art: { theme: 'dota2', colors: ['#ff3b5c', '#2ecc71'] },
  },
  {
    anchorMobile: '13900000013',
    title: 'Valorant Ranked: Radiant grind, chill vibes',
    categoryId: 1,
    secondCategoryId: 104,
    live: true,
    startedMinutesAgo: 41,
    heat: 128_400,
    announcement: 'Radiant duelist. Ask about crosshair codes any time. No spoilers, no spam.',
    ticket: 1,
    cover: 'valorant-1',
    art: { theme: 'valorant', colors: ['#ff3b5c', '#7c5cff'] },
  },
  {
    anchorMobile: '13900000014',
    title: 'NBA Tonight: Lakers vs Warriors live talk',
    categoryId: 2,
    secondCategoryId: 202,
    match: 'basketball-live',
    live: true,
    startedMinutesAgo: 78,
    heat: 910_000,
    announcement: '每个比赛日直播 NBA 焦点战，战术板拆解挡拆配合。Live breakdowns every game day.',
    cover: 'basketball-1',
    art: { theme: 'basketball', colors: ['#552583', '#fdb927'] },
  },
  {
    anchorMobile: '13900000015',
    title: '大师赛每日复盘：发球与底线相持',
    categoryId: 2,
    secondCategoryId: 203,
    live: false,
    startedMinutesAgo: 60 * 20,
    heat: 8_800,
    announcement: '网球技术复盘，每周二、四、六晚 20:00 开播。',
    cover: 'tennis-1',
    art: { theme: 'tennis', colors: ['#00d1ff', '#d6f03a'] },
  },
  {
    anchorMobile: '13900000016',
    title: '斯诺克技巧教学：长台进攻与走位',
    categoryId: 3,
    secondCategoryId: 301,
    live: true,
    startedMinutesAgo: 24,
    heat: 52_300,
    announcement: '台球爱好者交流直播间，周末有粉丝挑战赛，欢迎报名。',
    cover: 'billiards-1',
    art: { theme: 'billiards', colors: ['#00a86b', '#ffb800'] },
  },
  {
    anchorMobile: '13900000017',
    title: '象棋残局每日一题',
    categoryId: 3,
    secondCategoryId: 302,
    live: false,
    startedMinutesAgo: 60 * 50,
    heat: 1_200,
    announcement: '每天一道残局，答对的朋友弹幕留名。',
    cover: 'chess-1',
    art: { theme: 'chess', colors: ['#7c5cff', '#ffb800'] },
  },
  {
    anchorMobile: '13900000018',
    title: '30-min HIIT: morning burn with Luna',
    categoryId: 3,
    secondCategoryId: 303,
    live: false,
    startedMinutesAgo: 60 * 9,
    heat: 15_700,
    announcement: 'Mornings 07:30 (UTC+8). Warm up first, water bottle ready!',
    cover: 'fitness-1',
    art: { theme: 'fitness', colors: ['#ff3b5c', '#ffb800'] },
  },
  {
    anchorMobile: '13900000019',
    title: '德甲国家德比前瞻：拜仁 vs 多特蒙德',
    categoryId: 2,
    secondCategoryId: 201,
    match: 'football-next',
    live: false,
    startedMinutesAgo: 60 * 30,
    heat: 64_000,
    announcement: '欧洲足球深夜聊，每周五晚前瞻周末焦点战。',
    cover: 'football-2',
    art: { theme: 'football', colors: ['#dc052d', '#fde100'] },
  },
];

/**
 * One kind of backpack item a demo account starts with (type 100 speaker, 101 colourful, 105
 * ticket, 106 gift).
 */
export interface DemoItem {
  mobile: string;
  type: number;
  /** Colour of a colourful prop (2, 3, 4), the gift id of a gift (106); 0 otherwise. */
  propsId: number;
  quantity: number;
}

/**
 * Starting backpacks: the demo viewer has 2 tickets for the ticket-paid room, chat props, and
 * gifts to send free (10 whistles, gift 1, which combo; 2 rockets, gift 11, which animate).
 */
export const DEMO_BACKPACK: readonly DemoItem[] = [
  { mobile: '13900000001', type: 105, propsId: 0, quantity: 2 },
  { mobile: '13900000001', type: 100, propsId: 0, quantity: 3 },
  { mobile: '13900000001', type: 101, propsId: 2, quantity: 5 },
  { mobile: '13900000001', type: 101, propsId: 3, quantity: 5 },
  { mobile: '13900000001', type: 101, propsId: 4, quantity: 5 },
  { mobile: '13900000001', type: 106, propsId: 1, quantity: 10 },
  { mobile: '13900000001', type: 106, propsId: 11, quantity: 2 },
  // Lottery spins (type 107), so the wheel can be tried before a first check-in earns some.
  { mobile: '13900000001', type: 107, propsId: 0, quantity: 3 },
  { mobile: '13900000002', type: 101, propsId: 3, quantity: 2 },
];

/** Mobile of the viewer who manages 13900000003's room. */
export const DEMO_ROOM_MANAGER = {
  anchorMobile: '13900000003',
  userMobile: '13900000004',
} as const;
