/**
 * Accounts: users with their roles, login sessions, and what guards logging in (slide captchas,
 * SMS codes, verified phones, failed password logins).
 */
import {
  index,
  integer,
  pgTable,
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

/** A user's id, required; the row goes with the user. */
export const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
