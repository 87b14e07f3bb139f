/** The header tabs and the routes of spec §2, with the config rules that show or hide them. */
import type { CommonConfig } from './common-config.ts';
import type { MessageKey } from './i18n/index.ts';
import { isSitePath } from './url/site-path.ts';

/** One header tab. */
export interface HeaderTab {
  /** Stable name, remembered in session storage when clicked. */
  name: string;
  /** Where it goes. */
  href: string;
  /** Label key. */
  label: MessageKey;
  /** Paths (prefixes) that make this tab active. */
  match: string[];
}

/** Every header tab in display order (spec §2 Header). */
export const HEADER_TABS: HeaderTab[] = [
  { name: 'home', href: '/home', label: 'nav.home', match: ['/home'] },
  {
    name: 'live',
    href: '/liveMatches',
    label: 'nav.live',
    match: ['/liveMatches', '/liveMatchesTwo'],
  },
  {
    name: 'replay',
    href: '/liveMatchesReplay',
    label: 'nav.replay',
    match: ['/liveMatchesReplay', '/anchorReplay'],
  },
  {
    name: 'schedule',
    href: '/schedule',
    label: 'nav.schedule',
    match: ['/schedule', '/scheduleDetail', '/teamInfo'],
  },
  { name: 'news', href: '/news', label: 'nav.news', match: ['/news', '/news_detail'] },
  {
    name: 'activity',
    href: '/activity',
    label: 'nav.activity',
    match: ['/activity', '/activity_details'],
  },
  { name: 'mall', href: '/mall', label: 'nav.mall', match: ['/mall'] },
  { name: 'notice', href: '/notice', label: 'nav.notice', match: ['/notice'] },
  { name: 'worldcup', href: '/worldCup', label: 'nav.worldcup', match: ['/worldCup'] },
  {
    name: 'privateChat',
    href: '/user-center/privateChat',
    label: 'nav.privateChat',
    match: ['/user-center/privateChat'],
  },
  {
    name: 'livePreview',
    href: '/schedule-preview',
    label: 'nav.livePreview',
    match: ['/schedule-preview'],
  },
];

/** Build flags that change tab rules (spec: the chat tab shows in non-search-engine builds). */
export interface BuildFlags {
  /** True for the search-engine build, where the chat tab follows private_message_toggle only. */
  searchEngineBuild: boolean;
}

/** Whether a tab is shown under `config` (the live preview tab also shows with the session flag). */
export function isTabVisible(
  name: string,
  config: CommonConfig,
  flags: BuildFlags,
  previewFlag = false,
): boolean {
  switch (name) {
    case 'worldcup':
      return config.worldcup_thematic_toggle === 1;
    case 'livePreview':
      return config.live_preview_switch === 1 || previewFlag;
    case 'privateChat':
      return config.private_message_toggle === 1 || !flags.searchEngineBuild;
    default:
      return true;
  }
}

/** The tab a path belongs to, if any (longest matching prefix wins). */
export function tabForPath(path: string): string | undefined {
  let best: { name: string; len: number } | undefined;
  for (const tab of HEADER_TABS) {
    for (const m of tab.match) {
      const hit = path === m || path.startsWith(m + '/');
      if (hit && (!best || m.length > best.len)) best = { name: tab.name, len: m.length };
    }
  }
  return best?.name;
}

/** Areas outside the tabs' sections: there no tab is active unless the path is a tab's own. */
export const TABLESS_AREAS = ['/user-center', '/admin'] as const;

/**
 * The tab to highlight on `path`: the tab the path belongs to; none in the user centre and the
 * admin pages (the private chat tab still on its own page); elsewhere the tab `remembered` in
 * session storage (spec §2), so a page such as /ranking keeps the tab it was reached from.
 */
export function activeTabFor(path: string, remembered: string | null): string | undefined {
  const own = tabForPath(path);
  if (own) return own;
  if (TABLESS_AREAS.some((area) => path === area || path.startsWith(area + '/'))) return undefined;
  return remembered || undefined;
}

/** Header buttons and the config switch that shows each. */
export const HEADER_BUTTON_RULES = {
  checkin: (c: CommonConfig) => Boolean(c.checkin_switch),
  game: (c: CommonConfig) => Boolean(c.lottery_switch),
  ranking: (c: CommonConfig) => c.talent_list_status === 1,
  voucher: (c: CommonConfig) => c.ticket_switch === 1,
} as const;

/** Sections of /user-center/{section} (spec §2). */
export const USER_CENTER_SECTIONS = [
  'index',
  'apply-anchor',
  'myWallet',
  'center-anchor',
  'live-room-settings',
  'guessing-management',
  'focus',
  'mySchedule',
  'watchHistory',
  'betHistory',
  'voucher',
  'rechargeHistory',
  'recharge',
  'checkin',
  'privateChat',
  'live-management',
] as const;

/** One of USER_CENTER_SECTIONS. */
export type UserCenterSection = (typeof USER_CENTER_SECTIONS)[number];

/** Routes on which the side menu appears (spec: routes named home and scheduleDetail). */
export function hasSideMenu(path: string): boolean {
  return path === '/home' || path.startsWith('/scheduleDetail/');
}

/** True when `url` may be opened as an external ad link (jump type 2, http or https only). */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The href of an ad banner, or null when it must not be followed. */
export function adHref(jumpType: number, jumpUrl: string): string | null {
  if (jumpType === 1) return isSitePath(jumpUrl) ? jumpUrl : null;
  if (jumpType === 2) return isSafeExternalUrl(jumpUrl) ? jumpUrl : null;
  return null;
}
