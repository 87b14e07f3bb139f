/** Reading the common config, live categories and chips from the database. */
import { asc } from 'drizzle-orm';
import {
  COMMON_CONFIG_KEYS,
  DEFAULT_COMMON_CONFIG,
  type CommonConfig,
  type CommonConfigResponse,
  type LiveCategory,
} from '../../lib/common-config.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import type { Db } from '../db/index.ts';
import { appConfig, categories, secondCategories } from '../db/schema.ts';
import type { ImConfig } from '../env.ts';

/** Reads a setting's JSON value, or undefined. */
export async function readSettings(db: Db): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * The switches and addresses, each key falling back to its default when absent or mistyped.
 * im_sdkappid follows the server's chat provider, whatever the database says: Tencent's
 * SDKAppID with IM_PROVIDER=tencent, 0 (the built-in hub) otherwise.
 */
export function pickCommonConfig(
  settings: Map<string, unknown>,
  im: ImConfig = { provider: 'builtin' },
): CommonConfig {
  const config = { ...DEFAULT_COMMON_CONFIG };
  for (const key of COMMON_CONFIG_KEYS) {
    const value = settings.get(key);
    if (typeof value === typeof DEFAULT_COMMON_CONFIG[key]) {
      (config as Record<string, unknown>)[key] = value;
    }
  }
  config.im_sdkappid = im.provider === 'tencent' ? im.sdkAppId : 0;
  return config;
}

/** Categories with their second categories, names in `locale`. */
export async function loadLiveCategories(db: Db, locale: Locale): Promise<LiveCategory[]> {
  const [cats, seconds] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select()
      .from(secondCategories)
      .orderBy(asc(secondCategories.sort), asc(secondCategories.id)),
  ]);
  const zh = locale === 'zh-CN';
  return cats.map((cat) => ({
    id: cat.id,
    name: zh ? cat.nameZh : cat.nameEn,
    second_category: seconds
      .filter((s) => s.categoryId === cat.id)
      .map((s) => ({ id: s.id, name: zh ? s.nameZh : s.nameEn, sport_id: s.sportId })),
  }));
}

/** Everything getCommonConfig returns; `im` is the server's chat provider (env.im). */
export async function loadCommonConfig(
  db: Db,
  locale: Locale,
  im: ImConfig,
): Promise<CommonConfigResponse> {
  const [settings, live_category] = await Promise.all([
    readSettings(db),
    loadLiveCategories(db, locale),
  ]);
  const chipsValue = settings.get('chips');
  const chips = Array.isArray(chipsValue)
    ? chipsValue.filter((v): v is number => Number.isInteger(v))
    : [];
  return { config: pickCommonConfig(settings, im), live_category, chips };
}
