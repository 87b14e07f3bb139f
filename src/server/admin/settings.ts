/** The common config's switches and the chat rules, as administrators read and change them. */
import type { SettingView } from '../../lib/admin/views.ts';
import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_COMMON_CONFIG } from '../../lib/common-config.ts';
import type { ChatConfig } from '../../lib/rules/chat.ts';
import {
  ADMIN_SETTING_KEYS,
  ADMIN_SETTINGS,
  type AdminSettingKey,
} from '../../lib/validation/admin.ts';
import type { Db } from '../db/index.ts';
import { appConfig } from '../db/schema.ts';
import { loadChatConfig } from '../live/chat.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** Every changeable setting with its current value. */
export async function listSettings(db: Db): Promise<SettingView[]> {
  const rows = await db.select().from(appConfig).where(inArray(appConfig.key, ADMIN_SETTING_KEYS));
  const stored = new Map(rows.map((r) => [r.key, r]));
  return ADMIN_SETTING_KEYS.map((key) => {
    const row = stored.get(key);
    const value = row?.value;
    const kind = ADMIN_SETTINGS[key];
    const fallback = DEFAULT_COMMON_CONFIG[key];
    return {
      key,
      kind,
      value: typeof value === typeof fallback ? (value as number | string) : fallback,
      updated_at: row ? Math.floor(row.updatedAt.getTime() / 1000) : 0,
    };
  });
}

async function writeValue(db: Db, key: string, value: unknown): Promise<unknown> {
  const [old] = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, key))
    .for('update');
  await db
    .insert(appConfig)
    .values({ key, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: appConfig.key, set: { value, updatedAt: new Date() } });
  return old?.value ?? null;
}

/** Changes one setting and writes the change (old and new value) to the audit trail. */
export async function setSetting(
  db: Db,
  actor: Actor,
  key: AdminSettingKey,
  value: number | string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await writeValue(tx, key, value);
    await audit(tx, actor, 'settings.set', `config:${key}`, { old, value });
  });
}

/** Replaces the chat rules (the id is kept) and audits the fields that changed. */
export async function setChatConfig(
  db: Db,
  actor: Actor,
  rules: Omit<ChatConfig, 'id'>,
): Promise<ChatConfig> {
  return db.transaction(async (tx) => {
    const before = await loadChatConfig(tx);
    const next: ChatConfig = { ...rules, id: before.id };
    await writeValue(tx, 'chat_config', next);
    const changed = Object.fromEntries(
      (Object.keys(rules) as (keyof typeof rules)[])
        .filter((k) => before[k] !== rules[k])
        .map((k) => [k, { old: before[k], value: rules[k] }]),
    );
    await audit(tx, actor, 'chat_config.set', 'config:chat_config', changed);
    return next;
  });
}
