/** The operations console's calls (/admin), answered for administrators only. */
import { get, post } from '../api/endpoint.ts';
import type { ChatConfig } from '../rules/chat.ts';
import type { AdminSettingKey, RECHARGE_FILTERS } from '../validation/admin.ts';
import type {
  AdminUserView,
  AuditEntry,
  BanView,
  FeedbackView,
  LedgerSummary,
  MaintenanceView,
  RechargeOrderView,
  ReserveView,
  SettingView,
  TopUpView,
  VerificationView,
} from './views.ts';

/** The settings panel: every setting and the chat rules. */
export interface AdminSettings {
  settings: SettingView[];
  chat_config: ChatConfig;
}

/** The chat rules as the console sends them (the record's id stays the server's). */
export type ChatRulesParams = { [K in keyof Omit<ChatConfig, 'id'>]: ChatConfig[K] };

/** A maintenance window as the console plans it (times in unix seconds, remind 0 for none). */
export type MaintenanceParams = { [K in keyof Omit<MaintenanceView, 'id'>]: MaintenanceView[K] };

/** The cursor of a list's next page: only rows older than this one (absent for the first page). */
export type PageParams = { before?: string };

export const adminApi = {
  /** The money summary with the last ledger verification. */
  overview: get<LedgerSummary>('/api/admin/console/overview'),
  /** Verifies the ledger now and records the run. */
  verify: post<VerificationView>('/api/admin/console/verify'),
  /** The platform reserve and the quiz cancellations that did not finish. */
  reserve: get<ReserveView>('/api/admin/console/reserve'),
  /** Pays gold (minor units) into the platform account, with the reason for the audit trail. */
  topUp: post<TopUpView, { amount: number; reason: string }>('/api/admin/console/reserve/topup'),
  /** Every setting and the chat rules. */
  settings: get<AdminSettings>('/api/admin/console/settings'),
  /** Changes one setting. */
  saveSetting: post<
    { key: AdminSettingKey; value: number | string },
    { key: AdminSettingKey; value: number | string }
  >('/api/admin/console/settings'),
  /** Replaces the chat rules; answers them as saved. */
  chatConfig: post<ChatConfig, ChatRulesParams>('/api/admin/console/chat_config'),
  /** The maintenance windows. */
  maintenance: get<{ list: MaintenanceView[] }>('/api/admin/console/maintenance'),
  /** Plans a maintenance window; answers its id. */
  addMaintenance: post<{ id: number }, MaintenanceParams>('/api/admin/console/maintenance'),
  /** Removes a maintenance window. */
  removeMaintenance: post<{ id: number }, { id: number }>('/api/admin/console/maintenance/remove'),
  /** Finds users by id or phone digits. */
  users: get<{ list: AdminUserView[] }, { q: string }>('/api/admin/console/users'),
  /** Bans a user from the platform for some minutes (0: for good) and ends their sessions. */
  banUser: post<
    { user_id: number; ban: BanView },
    { user_id: number; minutes: number; reason: string }
  >('/api/admin/console/users/ban'),
  /** Lifts a user's ban. */
  unbanUser: post<{ user_id: number }, { user_id: number }>('/api/admin/console/users/unban'),
  /** Makes a user a member (1) or an administrator (3). */
  setRole: post<{ user_id: number; role: 1 | 3 }, { user_id: number; role: 1 | 3 }>(
    '/api/admin/console/users/role',
  ),
  /** Ends every session of a user. */
  logoutUser: post<{ user_id: number }, { user_id: number }>('/api/admin/console/users/logout'),
  /** A page of the feedback inbox, newest first. */
  feedback: get<{ list: FeedbackView[] }, PageParams>('/api/admin/console/feedback'),
  /** A page of recharge orders in one state, newest first. */
  rechargeOrders: get<
    { list: RechargeOrderView[] },
    PageParams & { status?: (typeof RECHARGE_FILTERS)[number] }
  >('/api/admin/console/recharge_orders'),
  /** A page of the audit trail, newest first. */
  audit: get<{ list: AuditEntry[] }, PageParams>('/api/admin/console/audit'),
};
