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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_mobile_idx').on(t.mobile)],
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
// ---------------------------------------------------------------------------------------------
// Schedules: bookings, the match centre (text live, statistics, line-ups) and tournament groups.
// ---------------------------------------------------------------------------------------------

/** Matches a user booked from the schedule; listed in /user-center/mySchedule. */
export const matchBookings = pgTable(
  'match_bookings',
  {
    /** Who booked. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The booked match. */
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.matchId] }),
    index('match_bookings_match_idx').on(t.matchId),
  ],
);

/** Text live: one commentary line of a match, in both languages. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The match commented on. */
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** Match clock in whole minutes when it happened (0 before kick-off). */
    minute: smallint('minute').notNull(),
    /** What happened: info, goal, card, red, sub, chance, var, period (see MATCH_EVENT_KINDS). */
    kind: text('kind').notNull().default('info'),
    /** Chinese text. */
    textZh: text('text_zh').notNull(),
    /** English text. */
    textEn: text('text_en').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('match_events_match_idx').on(t.matchId, t.id)],
);

/** The latest statistics and line-ups of a match, as JSON documents (see lib/sports/match-centre.ts). */
export const matchDetails = pgTable('match_details', {
  /** The match described. */
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  /** MatchStats: score by period and team statistics; null until known. */
  stats: jsonb('stats'),
  /** MatchLineups: starters and bench of both sides; null until announced. */
  lineups: jsonb('lineups'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Group of each team in a tournament with a group stage (the World Cup page). */
export const tournamentGroups = pgTable(
  'tournament_groups',
  {
    /** The tournament. */
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    /** A team taking part. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Group letter, A to H. */
    groupName: text('group_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.teamId] })],
);

// ---------------------------------------------------------------------------------------------
// Rankings and games
// ---------------------------------------------------------------------------------------------

/** Ranking boards kept in ranking_totals. */
export const RANKING_BOARD = {
  /** Gifts a user gave in one anchor's room (scope = the anchor's id). */
  room: 'room',
  /** Gifts a user gave in every room together (scope = 0). */
  fans: 'fans',
  /** Gifts an anchor received in every room (scope = 0, subject = the anchor). */
  anchors: 'anchors',
} as const;

/**
 * Running totals of the daily and monthly rankings, one row per board, scope, period and
 * subject; a gift adds to its rows with one upsert, and a new period starts with new keys.
 */
export const rankingTotals = pgTable(
  'ranking_totals',
  {
    /** See RANKING_BOARD. */
    board: text('board').notNull(),
    /** The anchor whose room the board is about; 0 for site-wide boards. */
    scopeId: integer('scope_id').notNull(),
    /** day or month. */
    period: text('period').notNull(),
    /** Beijing-time period: YYYY-MM-DD for a day, YYYY-MM for a month. */
    periodKey: text('period_key').notNull(),
    /** Who is ranked: the giver (room, fans) or the anchor (anchors). */
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Total in minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Last increment; among equal amounts the one reached first ranks higher. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.scopeId, t.period, t.periodKey, t.subjectId] }),
    index('ranking_totals_top_idx').on(
      t.board,
      t.scopeId,
      t.period,
      t.periodKey,
      t.amount.desc(),
      t.updatedAt,
    ),
    check('ranking_totals_board', sql`${t.board} in ('room', 'fans', 'anchors')`),
    check('ranking_totals_period', sql`${t.period} in ('day', 'month')`),
    check('ranking_totals_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/** Per user and game: today's free plays, the points won so far and the board position. */
export const gamePlayers = pgTable(
  'game_players',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sieve or monopoly. */
    game: text('game').notNull(),
    /** Beijing day (YYYY-MM-DD) that playsToday counts. */
    playsDay: text('plays_day').notNull(),
    /** Plays taken on playsDay. */
    playsToday: integer('plays_today').notNull().default(0),
    /** Points won in this game, ever; points are a score, never money. */
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /** Monopoly: the tile the token stands on; 0 for other games. */
    position: smallint('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.game] }),
    check('game_players_points_nonneg', sql`${t.points} >= 0`),
  ],
);

/** Every play: what was asked, what the server rolled and the points it gave. */
export const gamePlays = pgTable(
  'game_plays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sieve or monopoly. */
    game: text('game').notNull(),
    /** Beijing day of the play. */
    day: text('day').notNull(),
    /** The player's choice (sieve: big, small or total:N; monopoly: roll). */
    bet: text('bet').notNull(),
    /** Dice as rolled, each 1-6. */
    dice: jsonb('dice').$type<number[]>().notNull(),
    /** Game-specific outcome (landing tile, chance draw ...). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    /** Points won by this play (0 when it lost). */
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_plays_user_idx').on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Anchor pages: recorded lives (replays) and planned lives.
// ---------------------------------------------------------------------------------------------

/** Recorded lives that viewers can watch again (/liveMatchesReplay, /anchorReplay/{id}). */
export const replays = pgTable(
  'replays',
  {
    id: serial('id').primaryKey(),
    /** The anchor who broadcast it. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Horizontal cover (16:9). */
    cover: text('cover').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** The match the live covered, if any. */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** HLS playlist of the recording. */
    streamUrl: text('stream_url').notNull(),
    /** Length of the recording in seconds. */
    durationSec: integer('duration_sec').notNull(),
    /** Times the replay was opened. */
    views: integer('views').notNull().default(0),
    /** When the live ended and the recording was kept. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** When the recorded stream began; null for seeded rows. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The ingest's recording file it was made from (`<anchorId>-<unix>.flv`); null for seeded rows. */
    recording: text('recording'),
    /** The live it recorded: a later push of the same live joins this replay. Null for seeded rows. */
    liveSessionId: integer('live_session_id').references(() => liveSessions.id, {
      onDelete: 'set null',
    }),
    /** Hidden by its anchor: left out of public lists and pages. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('replays_recording_idx').on(t.recording),
    index('replays_session_idx').on(t.liveSessionId),
    index('replays_anchor_idx').on(t.anchorId, t.recordedAt),
    index('replays_recorded_idx').on(t.recordedAt),
    index('replays_category_idx').on(t.categoryId, t.secondCategoryId, t.recordedAt),
    check('replays_duration_pos', sql`${t.durationSec} > 0`),
    check('replays_views_nonneg', sql`${t.views} >= 0`),
  ],
);

/** Live plan states: 0 planned, 1 cancelled, 2 started (the anchor went live for it). */
export const LIVE_PLAN_STATUS = { planned: 0, cancelled: 1, started: 2 } as const;

/** Lives an anchor scheduled ahead (POST /api/live/anchor_plan_create). */
export const livePlans = pgTable(
  'live_plans',
  {
    id: serial('id').primaryKey(),
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** Linked match (only for category 2, sports). */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** Horizontal cover. */
    cover: text('cover').notNull().default(''),
    /** When the anchor plans to go live. */
    planTime: timestamp('plan_time', { withTimezone: true }).notNull(),
    /** Tickets needed to enter; 0 for a free live. */
    ticket: integer('ticket').notNull().default(0),
    /** See LIVE_PLAN_STATUS. */
    status: smallint('status').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_plans_anchor_idx').on(t.anchorId, t.planTime),
    index('live_plans_status_idx').on(t.status, t.planTime),
    check('live_plans_ticket_nonneg', sql`${t.ticket} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Backpack (tickets, chat props and gifts) and ticket-paid room entry
// ---------------------------------------------------------------------------------------------

/**
 * What a user holds, one row per user, item type and props_id. Quantities only move through
 * guarded updates (`quantity >= n`), so the CHECK is a last line of defence, never hit.
 */
export const backpackItems = pgTable(
  'backpack_items',
  {
    /** Owner. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Item type (PROP_TYPE in src/lib/live/props.ts): 100 speaker, 101 colourful, 105 ticket, 106 gift. */
    itemType: smallint('item_type').notNull(),
    /** Variant of the type: the colour of a colourful prop (2, 3, 4), the gift id of a gift; else 0. */
    propsId: smallint('props_id').notNull().default(0),
    /** How many the user holds; never negative. */
    quantity: integer('quantity').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemType, t.propsId] }),
    check('backpack_items_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
);

/** Ledger kind of a gift sent from the backpack; its reference is the send's client_msg_id. */
export const BACKPACK_GIFT_KIND = 'backpack_gift';

/** Every change of a backpack quantity, written in the same transaction as the change. */
export const backpackLedger = pgTable(
  'backpack_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Whose backpack changed. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Item type (PROP_TYPE in src/lib/live/props.ts): 100 speaker, 101 colourful, 105 ticket, 106 gift. */
    itemType: smallint('item_type').notNull(),
    /** Variant, as in backpack_items. */
    propsId: smallint('props_id').notNull().default(0),
    /** Signed change: positive when granted or bought, negative when used. */
    delta: integer('delta').notNull(),
    /** Why: grant, purchase, chat_prop, room_ticket, backpack_gift ... */
    kind: text('kind').notNull(),
    /** What it refers to (room, chat message id, order id, a gift send's client_msg_id ...). */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('backpack_ledger_user_idx').on(t.userId, t.createdAt),
    // A backpack gift send is used once per client_msg_id, even when two arrive at once.
    uniqueIndex('backpack_ledger_gift_once_idx')
      .on(t.userId, t.kind, t.reference)
      .where(sql`${t.kind} = ${sql.raw(`'${BACKPACK_GIFT_KIND}'`)}`),
  ],
);

/**
 * Entry to a ticket-paid room, bought for one live of the anchor (identified by its start
 * time), so reloading or rejoining during that live never charges again.
 */
export const roomTickets = pgTable(
  'room_tickets',
  {
    /** Who may enter. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The room: its anchor's user id. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** live_rooms.started_at of the live the entry is for. */
    liveStartedAt: timestamp('live_started_at', { withTimezone: true }).notNull(),
    /** Tickets paid. */
    tickets: integer('tickets').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.anchorId, t.liveStartedAt] })],
);

// ---------------------------------------------------------------------------------------------
// Gifts
// ---------------------------------------------------------------------------------------------

/** The gift catalogue (POST /api/live/gift_list); seeded from src/lib/gifts/catalogue.ts. */
export const gifts = pgTable(
  'gifts',
  {
    /** Gift id as frames carry it (giftid). */
    id: integer('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameZh: text('name_zh').notNull(),
    /** Price of one, in minor units of `currency`. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Which balance pays: gold (gems) or diamond. */
    currency: text('currency').notNull().default('gold'),
    /** Icon URL. */
    icon: text('icon').notNull(),
    /** Animation key of the gift stage; empty for icon-only gifts. */
    animation: text('animation').notNull().default(''),
    /** 0 icon only, 1 animated on the gift stage. */
    animatType: smallint('animat_type').notNull().default(0),
    /** Whether sends in a row count up a combo. */
    comboable: boolean('comboable').notNull().default(true),
    /** Order in the gift panel. */
    sort: integer('sort').notNull().default(0),
    /** Off-sale gifts are hidden and refused. */
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('gifts_price_pos', sql`${t.price} > 0`),
    check('gifts_currency', sql`${t.currency} in ('gold', 'diamond')`),
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

// ---------------------------------------------------------------------------------------------
// Live statistics for the anchor centre (income and data analysis)
// ---------------------------------------------------------------------------------------------

/**
 * One broadcast of an anchor, from startLive to endLive, with running totals kept by the events
 * themselves (a gift adds to its live in the gift's transaction), never by scanning afterwards.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: serial('id').primaryKey(),
    /** The anchor (and room). */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Title of the live as started. */
    title: text('title').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    secondCategoryId: integer('second_category_id').references(() => secondCategories.id),
    /** When startLive opened it. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When endLive (or the logout rule) closed it; null while it runs. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Most viewers in the room at once (sampled every minute). */
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** Distinct viewers (users and guest devices) who entered during the live. */
    viewers: integer('viewers').notNull().default(0),
    /** Chat messages accepted. */
    messages: integer('messages').notNull().default(0),
    /** Gifts received (pieces, paid and from backpacks). */
    gifts: integer('gifts').notNull().default(0),
    /** What viewers paid for the gifts, minor units. */
    giftValue: bigint('gift_value', { mode: 'number' }).notNull().default(0),
    /** The anchor's share of it credited to income, minor units. */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('live_sessions_anchor_idx').on(t.anchorId, t.startedAt),
    // At most one running live per anchor.
    uniqueIndex('live_sessions_open_idx')
      .on(t.anchorId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/** Per anchor and Beijing-time day: the same totals as live_sessions, by when things happened. */
export const anchorDailyStats = pgTable(
  'anchor_daily_stats',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the site's time zone. */
    day: text('day').notNull(),
    /** Most viewers in the room at once that day. */
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** Distinct viewers who entered the room that day. */
    viewers: integer('viewers').notNull().default(0),
    /** Chat messages accepted. */
    messages: integer('messages').notNull().default(0),
    /** Gifts received (pieces). */
    gifts: integer('gifts').notNull().default(0),
    /** What viewers paid for them, minor units. */
    giftValue: bigint('gift_value', { mode: 'number' }).notNull().default(0),
    /** The anchor's income from them, minor units (equals the day's gift_income ledger rows). */
    income: bigint('income', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.day] })],
);

/**
 * Who has entered a room, once per scope: `d:YYYY-MM-DD` for a day, `s:<session id>` for a live.
 * A row that is new adds one to that day's or that live's distinct viewers.
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `d:<day>` or `s:<session id>`. */
    scope: text('scope').notNull(),
    /** `u:<user id>` for members, `g:<guest id>` for guests. */
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.scope, t.viewerKey] })],
);

/** Viewers in a live room per minute, as counted by each server process (summed on read). */
export const liveViewerSamples = pgTable(
  'live_viewer_samples',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Start of the minute. */
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    /** The server process that counted (random per process start). */
    node: text('node').notNull(),
    /** Sockets in the room on that process. */
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.anchorId, t.minute, t.node] })],
);

/** Quiz statuses and bet results live with the shared quiz types. */
export { BET_RESULT, QUIZ_STATUS } from '../../lib/quiz/types.ts';

/** Quizzes anchors ask in their rooms: two options, viewers stake gems, the pool pays out. */
export const quizzes = pgTable(
  'quizzes',
  {
    id: serial('id').primaryKey(),
    /** The room (anchor) the quiz belongs to. */
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The live it was asked in. */
    liveId: integer('live_id').references(() => liveSessions.id),
    categoryId: integer('category_id').references(() => categories.id),
    /** Who created it: the anchor or a room manager. */
    createdBy: integer('created_by').notNull(),
    /** Question, at most 16 characters. */
    question: text('question').notNull(),
    /** Option A and option B, at most 8 characters each. */
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    /** Smallest stake of one bet, minor units of gold. */
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    /** Close time as asked, in minutes after creation (at least 10). */
    closeMinutes: integer('close_minutes').notNull(),
    /** When betting stops by itself. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** See QUIZ_STATUS. */
    status: smallint('status').notNull().default(1),
    /** A settlement under way: 'draw', 'cancel' or 'revoke'; null when none. */
    job: text('job'),
    /** The winning option once drawn: 1 (A) or 2 (B). */
    winner: smallint('winner'),
    /** Stakes on each option, minor units, and how many viewers staked on each. */
    poolA: bigint('pool_a', { mode: 'number' }).notNull().default(0),
    poolB: bigint('pool_b', { mode: 'number' }).notNull().default(0),
    bettorsA: integer('bettors_a').notNull().default(0),
    bettorsB: integer('bettors_b').notNull().default(0),
    /** Platform fee in basis points, fixed when the quiz was created. */
    feeBp: integer('fee_bp').notNull().default(0),
    /** At the draw: the fee taken and the rounding remainder, both to the platform account. */
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    remainder: bigint('remainder', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    /** When betting stopped (close time, early close, draw or cancellation). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the draw or the cancellation finished. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The administrator who cancelled it. */
    cancelledBy: integer('cancelled_by'),
  },
  (t) => [
    index('quizzes_anchor_idx').on(t.anchorId, t.id),
    index('quizzes_status_idx').on(t.status, t.closesAt),
    check('quizzes_winner', sql`${t.winner} is null or ${t.winner} in (1, 2)`),
    check('quizzes_pools_nonneg', sql`${t.poolA} >= 0 and ${t.poolB} >= 0`),
  ],
);

/** One viewer's stake in one quiz: every bet of theirs on it adds up here (one option only). */
export const quizStakes = pgTable(
  'quiz_stakes',
  {
    quizId: integer('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 (A) or 2 (B). */
    option: smallint('option').notNull(),
    /** Total staked, minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Number of bets that make it up. */
    bets: integer('bets').notNull().default(1),
    /** See BET_RESULT. */
    result: smallint('result').notNull().default(1),
    /** What the draw paid (or a no-winner draw refunded), minor units. */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** Winnings a cancellation after the draw could not take back (already spent). */
    debt: bigint('debt', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.userId] }),
    index('quiz_stakes_user_idx').on(t.userId, t.createdAt),
    index('quiz_stakes_result_idx').on(t.quizId, t.result),
    check('quiz_stakes_option', sql`${t.option} in (1, 2)`),
    check('quiz_stakes_amount_pos', sql`${t.amount} > 0`),
  ],
);

export * from './schema-messaging.ts';
export * from './schema-engagement.ts';
export * from './schema-admin.ts';
