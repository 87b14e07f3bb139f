/** Demo app settings, ad banners and a past maintenance window. */
import { DEFAULT_RECHARGE_PACKAGES } from '../recharge/packages.ts';
import type { CommonConfig } from '../../lib/common-config.ts';
import type { Db } from '../db/index.ts';
import { adBanners, appConfig, maintenanceWindows } from '../db/schema.ts';
import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '../../lib/rules/chat.ts';
import { DEFAULT_CHECKIN_REWARDS, DEFAULT_LOTTERY_PRIZES } from '../../lib/rewards/types.ts';
import { CHECKIN_REWARDS_KEY } from '../checkin/service.ts';
import { LOTTERY_PRIZES_KEY } from '../lottery/service.ts';

const HOUR = 60 * 60 * 1000;

/** Demo values of every common config key. */
export const DEMO_COMMON_CONFIG: CommonConfig = {
  service_url: '/about/3',
  // Empty: the download QR code names the site's own PUBLIC_URL, wherever the demo runs.
  h5_domain: '',
  weibo: 'https://weibo.com/',
  img_upload_url: '/uploads/',
  ticket_switch: 1,
  checkin_switch: 1,
  live_preview_switch: 1,
  dialog_daily_times: 1,
  im_sdkappid: 0,
  private_message_toggle: 1,
  worldcup_thematic_toggle: 1,
  lottery_switch: 1,
  talent_list_status: 1,
};

/** Quick-bet chip values in minor units. */
export const DEMO_CHIPS = [100, 500, 1000, 5000, 10000];

/** Chat rules (spec §3 chat config): the defaults with link blocking switched on. */
export const DEMO_CHAT_CONFIG: ChatConfig = {
  ...DEFAULT_CHAT_CONFIG,
  link_set: 1,
  toggle_link_set: 1,
};

/** Inserts the common config, chips and chat config rows. */
export async function seedConfig(db: Db, now: Date): Promise<void> {
  const values: Record<string, unknown> = {
    ...DEMO_COMMON_CONFIG,
    chips: DEMO_CHIPS,
    chat_config: DEMO_CHAT_CONFIG,
    recharge_packages: DEFAULT_RECHARGE_PACKAGES,
    // Written out so operations can change the rewards and the odds without a deploy.
    [CHECKIN_REWARDS_KEY]: DEFAULT_CHECKIN_REWARDS,
    [LOTTERY_PRIZES_KEY]: DEFAULT_LOTTERY_PRIZES,
  };
  await db
    .insert(appConfig)
    .values(Object.entries(values).map(([key, value]) => ({ key, value, updatedAt: now })));
}

/** Inserts home (6) and other-page (11) banners; the first of each is the header strip. */
export async function seedBanners(db: Db, featuredAnchorId: number): Promise<void> {
  await db.insert(adBanners).values([
    {
      category: 6,
      title: '今晚焦点赛事 · Tonight’s big matches',
      image: '/demo/banners/home-1.webp',
      jumpUrl: '/schedule',
      jumpType: 1,
      sort: 1,
    },
    {
      category: 6,
      title: '英超焦点之夜 · Premier League night',
      image: '/demo/banners/home-2.webp',
      jumpUrl: `/liveMatchesTwo/${featuredAnchorId}`,
      jumpType: 1,
      sort: 2,
    },
    {
      category: 6,
      title: 'NBA 常规赛冲刺 · NBA stretch run',
      image: '/demo/banners/home-3.webp',
      jumpUrl: 'https://www.nba.com/schedule',
      jumpType: 2,
      sort: 3,
    },
    {
      category: 11,
      title: '精彩活动进行中 · Events on now',
      image: '/demo/banners/page-1.webp',
      jumpUrl: '/activity',
      jumpType: 1,
      sort: 1,
    },
    {
      category: 11,
      title: '电竞周末 · Esports weekend',
      image: '/demo/banners/page-2.webp',
      jumpUrl: 'https://lolesports.com/',
      jumpType: 2,
      sort: 2,
    },
  ]);
}

/** Inserts one finished maintenance window three days before `now`. */
export async function seedMaintenance(db: Db, now: Date): Promise<void> {
  const start = new Date(Math.floor((now.getTime() - 72 * HOUR) / HOUR) * HOUR);
  await db.insert(maintenanceWindows).values({
    device: 1,
    titleZh: '系统维护公告',
    titleEn: 'Scheduled maintenance',
    contentZh:
      '为提升直播流畅度与聊天稳定性，平台将进行服务器升级。维护期间直播、聊天与充值暂不可用，已购买的门票和背包道具不受影响。给您带来不便，敬请谅解。',
    contentEn:
      'We are upgrading our servers to make live streams smoother and chat more reliable. Live rooms, chat and recharge are unavailable during the upgrade; tickets and backpack items you own are not affected. Thank you for your patience.',
    startTime: start,
    endTime: new Date(start.getTime() + 2 * HOUR),
    remindTime: new Date(start.getTime() - HOUR),
  });
}
