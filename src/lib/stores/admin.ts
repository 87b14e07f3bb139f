/**
 * The operations console (/admin): each panel's data and the actions that change it. Every call
 * answers administrators only; a refusal's message is what the panels show.
 */
import { atom, map } from 'nanostores';
import { quizApi } from '../quiz/api.ts';
import { adminApi, type AdminSettings, type PageParams } from '../admin/api.ts';
import { send } from '../api/client.ts';
import type {
  AdminUserView,
  AuditEntry,
  FeedbackView,
  LedgerSummary,
  MaintenanceView,
  RechargeOrderView,
  ReserveView,
  TopUpView,
  VerificationView,
} from '../admin/views.ts';
import type { ChatConfig } from '../rules/chat.ts';
import { ADMIN_PAGE, type AdminSettingKey, type RECHARGE_FILTERS } from '../validation/admin.ts';

/** The console's panels, in the order of its tabs. */
export const ADMIN_TABS = [
  'overview',
  'settings',
  'maintenance',
  'users',
  'anchors',
  'feedback',
  'recharges',
  'audit',
] as const;
/** One panel of the console. */
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The panel shown (from the address's #hash). */
export const $adminTab = atom<AdminTab>('overview');

/** Shows a panel. */
export function openAdminTab(tab: AdminTab): void {
  $adminTab.set(tab);
}

/** The money summary; null until loaded. */
export const $overview = atom<LedgerSummary | null>(null);

/** Loads the money summary. */
export async function loadOverview(): Promise<void> {
  $overview.set(await send(adminApi.overview));
}

/** Runs a ledger verification now and shows it as the last one. */
export async function verifyLedgerNow(): Promise<VerificationView> {
  const run = await send(adminApi.verify);
  const summary = $overview.get();
  if (summary) $overview.set({ ...summary, last: run });
  return run;
}

/** The platform reserve and unfinished cancellations; null until loaded. */
export const $reserve = atom<ReserveView | null>(null);

/** Loads the platform reserve. */
export async function loadReserve(): Promise<void> {
  $reserve.set(await send(adminApi.reserve));
}

/** Pays `amount` gold (minor units) into the platform account, then shows the reserve again. */
export async function topUpReserve(amount: number, reason: string): Promise<TopUpView> {
  const done = await send(adminApi.topUp, { amount, reason });
  await loadReserve();
  return done;
}

/** Cancels a quiz again (finishing a cancellation that stopped), then shows the reserve again. */
export async function finishCancellation(guessId: number): Promise<void> {
  try {
    await send(quizApi.cancel, { guess_id: guessId });
  } finally {
    await loadReserve();
  }
}

/** Settings and chat rules; null until loaded. */
export const $adminSettings = atom<AdminSettings | null>(null);

/** Loads the settings and the chat rules. */
export async function loadSettings(): Promise<void> {
  $adminSettings.set(await send(adminApi.settings));
}

/** Changes one setting, then reloads the list. */
export async function saveSetting(key: AdminSettingKey, value: number | string): Promise<void> {
  await send(adminApi.saveSetting, { key, value });
  await loadSettings();
}

/** Replaces the chat rules. */
export async function saveChatRules(rules: Omit<ChatConfig, 'id'>): Promise<void> {
  await send(adminApi.chatConfig, rules);
  await loadSettings();
}

/** Maintenance records; null until loaded. */
export const $maintenance = atom<MaintenanceView[] | null>(null);

/** Loads the maintenance records. */
export async function loadMaintenance(): Promise<void> {
  $maintenance.set((await send(adminApi.maintenance)).list);
}

/** Plans a maintenance window (times in unix seconds, remind 0 for none). */
export async function addMaintenance(record: Omit<MaintenanceView, 'id'>): Promise<void> {
  await send(adminApi.addMaintenance, { ...record });
  await loadMaintenance();
}

/** Removes a maintenance record. */
export async function removeMaintenance(id: number): Promise<void> {
  await send(adminApi.removeMaintenance, { id });
  await loadMaintenance();
}

/** The last user search: its text and results (null before any). */
export const $userSearch = map<{ q: string; list: AdminUserView[] | null }>({ q: '', list: null });

/** Finds users by id or phone digits. */
export async function searchUsers(q: string): Promise<void> {
  const { list } = await send(adminApi.users, { q });
  $userSearch.set({ q, list });
}

async function userAction(change: Promise<unknown>): Promise<void> {
  await change;
  const { q } = $userSearch.get();
  if (q) await searchUsers(q);
}

/** Bans a user from the platform for `minutes` (0: for good) and logs them out everywhere. */
export function banUser(userId: number, minutes: number, reason: string): Promise<void> {
  return userAction(send(adminApi.banUser, { user_id: userId, minutes, reason }));
}

/** Lifts a user's ban. */
export function unbanUser(userId: number): Promise<void> {
  return userAction(send(adminApi.unbanUser, { user_id: userId }));
}

/** Makes a user a member (1) or an administrator (3). */
export function setUserRole(userId: number, role: 1 | 3): Promise<void> {
  return userAction(send(adminApi.setRole, { user_id: userId, role }));
}

/** Ends every session of a user. */
export function logoutUser(userId: number): Promise<void> {
  return userAction(send(adminApi.logoutUser, { user_id: userId }));
}

/** A list read a page at a time, newest first. */
export interface PagedList<T> {
  items: T[];
  /** True once a page came back short. */
  done: boolean;
}

/** What a list's page is asked with besides its cursor (the recharge list's state). */
type ListQuery = { status?: (typeof RECHARGE_FILTERS)[number] };

function pagedList<T>(
  readPage: (params: ListQuery & PageParams) => Promise<{ list: T[] }>,
  cursorOf: (row: T) => string | number,
) {
  const $list = atom<PagedList<T> | null>(null);
  let query: ListQuery = {};
  async function load(more: boolean, params?: ListQuery): Promise<void> {
    if (params) query = params;
    const current = more ? ($list.get()?.items ?? []) : [];
    const last = current.at(-1);
    const { list } = await readPage({
      ...query,
      ...(last ? { before: String(cursorOf(last)) } : {}),
    });
    $list.set({ items: [...current, ...list], done: list.length < ADMIN_PAGE });
  }
  return { $list, load };
}

const feedback = pagedList<FeedbackView>(
  (page) => send(adminApi.feedback, page),
  (f) => f.id,
);
/** The feedback inbox. */
export const $feedback = feedback.$list;
/** Loads the first page of feedback, or the next with `more`. */
export const loadFeedback = (more = false) => feedback.load(more);

const recharges = pagedList<RechargeOrderView>(
  (page) => send(adminApi.rechargeOrders, page),
  (o) => o.order_no,
);
/** Recharge orders of the chosen state. */
export const $recharges = recharges.$list;
/** The state the recharge list shows. */
export const $rechargeFilter = atom<(typeof RECHARGE_FILTERS)[number]>('all');
/** Loads the first page of orders in the chosen state, or the next with `more`. */
export const loadRecharges = (more = false) =>
  recharges.load(more, { status: $rechargeFilter.get() });

const audit = pagedList<AuditEntry>(
  (page) => send(adminApi.audit, page),
  (a) => a.id,
);
/** The audit trail. */
export const $audit = audit.$list;
/** Loads the first page of the audit trail, or the next with `more`. */
export const loadAudit = (more = false) => audit.load(more);
