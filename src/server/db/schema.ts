/**
 * The one Drizzle schema of the platform. PGlite and PostgreSQL run the same migrations made from it.
 * Money columns are integers in minor units (1/100 of a gem or diamond).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Roles: 1 member, 2 anchor, 3 administrator. Room managers are per room (roomManagers). */
export const ROLE = { member: 1, anchor: 2, admin: 3 } as const;

/** Accounts of viewers, anchors and administrators. */
export const users = pgTable(
  'users',
  {
    /** Public user id, also the live room id of an anchor. */
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100001 }),
    /** Mobile number, digits only (11 digits for mainland numbers). */
    mobile: text('mobile').notNull(),
    /** scrypt hash `scrypt$N$r$p$salt$hash`; null until a password is set. */
    passwordHash: text('password_hash'),
    /** Display name, 2-8 characters. */
    nickName: text('nick_name').notNull(),
    /** Avatar image path. */
    avatar: text('avatar').notNull().default(''),
    /** Total experience; the level and its progress derive from it. */
    exp: integer('exp').notNull().default(0),
    /** Noble level 0-3 (1 fox, 2 lion, 3 dragon). */
    vipLevel: smallint('vip_level').notNull().default(0),
    /** When the noble level lapses; null for none. */
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    /** See ROLE. */
    role: smallint('role').notNull().default(1),
    /** Registration channel code (reg-source), OFFICIAL by default. */
    regSource: text('reg_source').notNull().default('OFFICIAL'),
    /** Live room the account registered from, for attribution. */
    regAnchorId: integer('reg_anchor_id'),
    /** Last nickname change, for the 7-day lock. */
    nickChangedAt: timestamp('nick_changed_at', { withTimezone: true }),
    /**
     * The nickname's confusable skeleton (src/server/users/nickname-key.ts), unique so that two
     * names that look alike cannot both be held; null for generated names (Fan and four digits)
     * and for names that already looked like an older account's when the key was introduced.
     */
    nickKey: text('nick_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_idx').on(t.mobile),
    uniqueIndex('users_nick_key_idx').on(t.nickKey),
  ],
);

/** Login sessions; only the SHA-256 of the bearer token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 hex of the opaque bearer token. */
    tokenHash: text('token_hash').primaryKey(),
    /** Owner of the session. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Device fingerprint sent as device-info. */
    deviceInfo: text('device_info').notNull().default(''),
    createdAt: createdAt(),
    /** Hard expiry of the token. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by logout or password reset; a revoked token never authenticates again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Balances of one user; every change has a ledger row written in the same transaction. */
export const wallets = pgTable(
  'wallets',
  {
    /** Owner. */
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Gold in minor units, shown as gems. */
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    /** Diamond in minor units. */
    diamond: bigint('diamond', { mode: 'number' }).notNull().default(0),
    /** Anchor income in minor units. */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('wallets_gold_nonneg', sql`${t.gold} >= 0`),
    check('wallets_diamond_nonneg', sql`${t.diamond} >= 0`),
    check('wallets_income_nonneg', sql`${t.income} >= 0`),
  ],
);

/** Balance moves applied together: the unit of idempotency and atomicity of the ledger. */
export const ledgerOperations = pgTable(
  'ledger_operations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Caller-chosen key, unique across operations (e.g. `recharge:R2026...`, `gift:100001:abc`). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Why: grant, recharge, gift ... (each entry repeats its own kind). */
    kind: text('kind').notNull(),
    /** What it refers to (order number, gift message id ...). */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_operations_key_idx').on(t.idempotencyKey),
    // The console's figures of the last day.
    index('ledger_operations_created_idx').on(t.createdAt),
  ],
);

/** Immutable record of every balance change; the sum per user and currency is the balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The operation this move belongs to. */
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerOperations.id),
    /** Whose balance moved. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which balance: gold, diamond or income. */
    currency: text('currency').notNull(),
    /** Signed amount in minor units, never 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The balance of this currency right after the move. */
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    /** Why: grant, recharge, gift_send, gift_income, purchase ... */
    kind: text('kind').notNull(),
    /** What it refers to (order id, gift message id ...). */
    reference: text('reference').notNull().default(''),
    /** The operation's idempotency key, repeated so a row explains itself. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_user_idx').on(t.userId, t.currency, t.id),
    index('ledger_operation_idx').on(t.operationId),
    uniqueIndex('ledger_idem_idx').on(t.userId, t.currency, t.idempotencyKey),
    check('ledger_currency', sql`${t.currency} in ('gold', 'diamond', 'income')`),
    check('ledger_amount_nonzero', sql`${t.amount} <> 0`),
    check('ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);

/** States of a recharge order. */
export const RECHARGE_STATUS = {
  pending: 'pending',
  paid: 'paid',
  failed: 'failed',
  expired: 'expired',
} as const;

/** Recharge orders: created pending, then paid, failed or expired by the payment notification or time. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    /** Order number shown to the user and sent to the provider (R + time + random digits). */
    orderNo: text('order_no').primaryKey(),
    /** Who recharges. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Package id from recharge_packages; null for a custom amount. */
    packageId: text('package_id'),
    /** Price in CNY fen (1/100 yuan). */
    amountFen: integer('amount_fen').notNull(),
    /** Gold credited on payment in minor units, bonus included. */
    gold: bigint('gold', { mode: 'number' }).notNull(),
    /** The bonus part of gold. */
    bonusGold: bigint('bonus_gold', { mode: 'number' }).notNull().default(0),
    /** Payment provider name (sandbox). */
    provider: text('provider').notNull(),
    /** See RECHARGE_STATUS. */
    status: text('status').notNull().default('pending'),
    /** The provider's transaction id, from the payment notification. */
    providerTxnId: text('provider_txn_id'),
    /** True when the payment arrived after the order had expired (credited anyway). */
    paidLate: boolean('paid_late').notNull().default(false),
    /** Why the provider reported a failure. */
    failReason: text('fail_reason').notNull().default(''),
    createdAt: createdAt(),
    /** A pending order expires at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the payment was confirmed. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    index('recharge_orders_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('recharge_orders_status', sql`${t.status} in ('pending', 'paid', 'failed', 'expired')`),
    check('recharge_orders_amount_pos', sql`${t.amountFen} > 0 and ${t.gold} > 0`),
  ],
);

/**
 * Vouchers: ticket vouchers (backpack type 105) that admit the holder to a ticket-paid live room.
 * One row per voucher; using one sets usedAt in a conditional update.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Holder. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Backpack type; 105 is the live-room ticket. */
    type: smallint('type').notNull().default(105),
    /** How it was obtained: welcome, recharge, activity ... */
    source: text('source').notNull(),
    /** A ticket for one anchor's room only; null for any ticket-paid room. */
    anchorId: integer('anchor_id'),
    createdAt: createdAt(),
    /** Unused vouchers lapse at this time. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When it was spent; null while unused. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('vouchers_user_idx').on(t.userId, t.expiresAt)],
);

/** Key/value application settings: the common config of spec §3 and its lists. */
export const appConfig = pgTable('app_config', {
  /** Setting name, e.g. checkin_switch. */
  key: text('key').primaryKey(),
  /** JSON value (number, string, array or object). */
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Top-level live categories (esports, sports, others). */
export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  /** Chinese name. */
  nameZh: text('name_zh').notNull(),
  /** English name. */
  nameEn: text('name_en').notNull(),
  /** Display order, ascending. */
  sort: integer('sort').notNull().default(0),
});

/** Second-level categories (football, basketball, League of Legends ...). */
export const secondCategories = pgTable('second_categories', {
  id: integer('id').primaryKey(),
  /** Parent category. */
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Sport id for match data (1 football, 2 basketball, 3 tennis); null when not a sport. */
  sportId: integer('sport_id'),
  sort: integer('sort').notNull().default(0),
});

/** Competitions (leagues, cups, tours). */
export const leagues = pgTable('leagues', {
  id: serial('id').primaryKey(),
  /** Sport id (1 football, 2 basketball, 3 tennis). */
  sportId: integer('sport_id').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Short label shown on match cards. */
  shortName: text('short_name').notNull(),
});

/** Teams or players. */
export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  sportId: integer('sport_id').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Brand colour used to draw the crest. */
  color: text('color').notNull(),
});

/** Match states: 0 scheduled, 1 live, 2 finished. */
export const MATCH_STATUS = { scheduled: 0, live: 1, finished: 2 } as const;

/** Fixtures with their scores. */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    sportId: integer('sport_id').notNull(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    /** Kick-off time. */
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** See MATCH_STATUS. */
    status: smallint('status').notNull().default(0),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
  },
  (t) => [index('matches_start_idx').on(t.startTime)],
);

/** One live room per anchor; the room id is the anchor's user id. */
export const liveRooms = pgTable(
  'live_rooms',
  {
    /** The anchor's user id. */
    anchorId: integer('anchor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Horizontal cover (18:10). */
    cover: text('cover').notNull(),
    /** Vertical cover. */
    coverV: text('cover_v').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** Linked match for sports lives. */
    matchId: integer('match_id').references(() => matches.id),
    /** 1 while broadcasting. */
    isLive: boolean('is_live').notNull().default(false),
    /** Heat value shown in lists and the room. */
    heat: bigint('heat', { mode: 'number' }).notNull().default(0),
    /** HLS playlist the player loads. */
    streamUrl: text('stream_url').notNull().default(''),
    /** Tickets needed to enter; 0 for a free room. */
    ticket: integer('ticket').notNull().default(0),
    /** Room announcement. */
    announcement: text('announcement').notNull().default(''),
    /** Contacts shown under the announcement: [{ title, value }]. */
    contacts: jsonb('contacts').$type<{ title: string; value: string }[]>().notNull().default([]),
    /** When the current or last live started. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The anchor's push key (anchor_secret), rotatable; null until first asked for. */
    streamKey: text('stream_key'),
    /** True from startLive to endLive: the ingest accepts the anchor's key only then. */
    sessionOpen: boolean('session_open').notNull().default(false),
    /** When the server ends the open live by itself (the anchor logged out); null for never. */
    autoEndAt: timestamp('auto_end_at', { withTimezone: true }),
  },
  (t) => [
    index('live_rooms_live_idx').on(t.isLive),
    uniqueIndex('live_rooms_stream_key_idx').on(t.streamKey),
  ],
);

/** Users who may moderate an anchor's room besides the anchor. */
export const roomManagers = pgTable(
  'room_managers',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.userId] })],
);

/** Ad banners of getLongMenAg. */
export const adBanners = pgTable('ad_banners', {
  id: serial('id').primaryKey(),
  /** 6 home, 11 other pages. */
  category: integer('category').notNull(),
  /** 1 web. */
  equipment: integer('equipment').notNull().default(1),
  title: text('title').notNull(),
  image: text('image').notNull(),
  /** Route for jump_type 1, http(s) address for jump_type 2. */
  jumpUrl: text('jump_url').notNull(),
  /** 1 internal route, 2 external link. */
  jumpType: smallint('jump_type').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Planned maintenance windows (spec: maintenance record). */
export const maintenanceWindows = pgTable('maintenance_windows', {
  id: serial('id').primaryKey(),
  /** Device the notice is for (1 web). */
  device: integer('device').notNull().default(1),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  startTime: timestamp('start_time', { withTimezone: true }).notNull(),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  /** When reminders start; null for no reminder. */
  remindTime: timestamp('remind_time', { withTimezone: true }),
});

/** Slide-captcha challenges; a pass lets one SMS code be sent from the same device. */
export const captchas = pgTable(
  'captchas',
  {
    /** Random id given to the client. */
    id: text('id').primaryKey(),
    /** Right x of the piece on the 590-wide image. */
    x: integer('x').notNull(),
    /** Device fingerprint (device-info) that asked for it. */
    device: text('device').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set on the first verification, right or wrong: an id verifies once. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set when the verification passed. */
    passedAt: timestamp('passed_at', { withTimezone: true }),
    /** Set when the pass was spent on an SMS code. */
    spentAt: timestamp('spent_at', { withTimezone: true }),
  },
  (t) => [
    index('captchas_device_idx').on(t.device, t.passedAt),
    index('captchas_expires_idx').on(t.expiresAt),
  ],
);

/** SMS codes sent; only a hash of the code is kept. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    /** login, reset or anchor_apply. */
    purpose: text('purpose').notNull(),
    /** HMAC of the code; empty when nothing was sent (reset for an unknown phone). */
    codeHash: text('code_hash').notNull(),
    /** Caller's address (an IPv6 one as its /64), for the per-address limit. */
    ip: text('ip').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Checks so far (each takes a try before comparing); the code dies at 5. */
    attempts: integer('attempts').notNull().default(0),
    /** Set when the code was used. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The account that asked: logged in, or from a device of the phone's owner; null if anonymous. */
    userId: integer('user_id'),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobile, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
    index('sms_codes_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Single-use proofs that a phone was verified by SMS (registration, password reset). */
export const mobileHashes = pgTable('mobile_hashes', {
  /** SHA-256 of the token given to the client. */
  hash: text('hash').primaryKey(),
  mobile: text('mobile').notNull(),
  /** register or reset. */
  purpose: text('purpose').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed password logins per phone, for the 15-minute lock. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Feedback sent from /about/3. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    /** Sender when logged in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** bug, suggestion, complaint or other. */
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    /** Optional phone or email to reply to. */
    contact: text('contact').notNull().default(''),
    /** Device fingerprint and IP, for the flood limits. */
    device: text('device').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_device_idx').on(t.device, t.createdAt),
    index('feedback_ip_idx').on(t.ip, t.createdAt),
  ],
);

// Live chat

/** Chat messages of live rooms, kept for history (loginRep) and comment management. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The speaker. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Text as sent, trimmed. */
    content: text('content').notNull(),
    /** Chat prop used: 0 none, 100 speaker, 101 colourful chat. */
    propType: smallint('prop_type').notNull().default(0),
    /** Colourful chat colour (props_id 2, 3 or 4); 0 without. */
    propsId: smallint('props_id').notNull().default(0),
    createdAt: createdAt(),
    /** Set when a manager deletes it or clears the chat; hidden from history from then on. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_room_idx').on(t.anchorId, t.id)],
);

/** Bans from speaking in a room, by a manager or by the automatic chat rules. */
export const chatBans = pgTable(
  'chat_bans',
  {
    id: serial('id').primaryKey(),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who may not speak. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Reason code: advertising, porn, false_info, abuse, illegal, political, others, auto. */
    reason: text('reason').notNull(),
    /** End of the ban; null for a permanent ban. */
    until: timestamp('until', { withTimezone: true }),
    /** The manager who banned; null for an automatic ban. */
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when unbanned before the end. */
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [index('chat_bans_room_user_idx').on(t.anchorId, t.userId)],
);

/** Viewers following anchors (attentAnchor). */
export const follows = pgTable(
  'follows',
  {
    /** The follower. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The anchor followed. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.anchorId] }),
    index('follows_anchor_idx').on(t.anchorId),
  ],
);
/** Anchor application states (spec §8): under review, approved, refused (the user may retry). */
export const ANCHOR_APPLY_STATUS = { verifying: 0, verified: 1, failed: 2 } as const;

/** Applications to become an anchor; the newest row of a user is their current state. */
export const anchorApplications = pgTable(
  'anchor_applications',
  {
    id: serial('id').primaryKey(),
    /** The applicant. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Live type: the secondary category the applicant means to stream. */
    secondCategoryId: integer('second_category_id')
      .notNull()
      .references(() => secondCategories.id),
    /** Live experience: 0 none, 1 under a year, 2 one to three years, 3 over three years. */
    experience: smallint('experience').notNull(),
    /** Real name, 2-20 characters. */
    realName: text('real_name').notNull(),
    /** WeChat, QQ or e-mail, up to 50 characters. */
    contact: text('contact').notNull(),
    /** 18-character resident ID number; only ever shown masked. */
    idNumber: text('id_number').notNull(),
    /** Upload path of the ID photo. */
    idPhoto: text('id_photo').notNull(),
    /** Personal profile, at least 15 words, up to 500 characters. */
    profile: text('profile').notNull(),
    /** Contact phone, verified by an SMS code. */
    mobile: text('mobile').notNull(),
    /** Who introduced the applicant; empty for nobody. */
    introducer: text('introducer').notNull().default(''),
    /** See ANCHOR_APPLY_STATUS. */
    status: smallint('status').notNull().default(0),
    /** Why the application was refused; empty otherwise. */
    reason: text('reason').notNull().default(''),
    /** The administrator who decided; null while verifying or when decided from the CLI. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the application was approved or refused. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('anchor_applications_user_idx').on(t.userId, t.createdAt),
    index('anchor_applications_status_idx').on(t.status, t.createdAt),
    // At most one open application per user, even under concurrent submissions.
    uniqueIndex('anchor_applications_open_idx')
      .on(t.userId)
      .where(sql`${t.status} = 0`),
  ],
);

export * from './schema-messaging.ts';
export * from './schema-engagement.ts';
export * from './schema-admin.ts';
export * from './schema-sports.ts';
export * from './schema-live.ts';
export * from './schema-items.ts';
export * from './schema-quiz.ts';
export * from './schema-uploads.ts';
