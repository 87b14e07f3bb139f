/**
 * SMS codes and the proofs they buy: codes are 4 random digits kept as an HMAC, valid 5 minutes,
 * single use, dead after 5 wrong tries, and rate limited per phone, per asker and per address. A
 * right code yields a mobile_hash: a single-use, 10-minute token bound to the phone and its
 * purpose.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { mobileHashes, sessions, smsCodes, users } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { SmsProvider } from '../sms/index.ts';

/** What a code is for. */
export type CodePurpose = 'login' | 'reset' | 'anchor_apply';

/** Limits of spec §9 and the accounts issue. */
export const CODE_RULES = {
  ttlMs: 5 * 60_000,
  resendMs: 60_000,
  /**
   * Codes a phone takes in a day from its owner, and again for each purpose (login, reset) from
   * anonymous callers.
   */
  perPhonePerDay: 10,
  /**
   * Anonymous codes one address (its addressKey) may ask in a day for one phone and purpose: a
   * stranger at one address spends only this share, never the whole anonymous day of the phone,
   * so the owner on a new device (at another address) still gets codes.
   */
  anonymousPerAddressPerDay: 5,
  /** Codes one account may ask in a day for phones that are not its own (anchor applications). */
  perAccountForOthersPerDay: 5,
  /** Codes all other accounts together may ask in a day for one phone. */
  fromOthersPerPhonePerDay: 5,
  perIpPerHour: 30,
  maxAttempts: 5,
  mobileHashTtlMs: 10 * 60_000,
  /** A device that held a session of an account within this long asks as the account's owner. */
  knownDeviceMs: 60 * 24 * 3600_000,
} as const;

function codeHash(secret: string, mobile: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', secret).update(`${mobile}:${purpose}:${code}`).digest('hex');
}

/** Options of sendCode. */
export interface SendCodeInput {
  mobile: string;
  purpose: CodePurpose;
  ip: string;
  /** False for a reset code to a phone with no account: everything happens but the SMS. */
  deliver: boolean;
  secret: string;
  sms: SmsProvider;
  /** The account that asked (the `askerId` of checkCodeLimits), when one did. */
  userId?: number;
  now?: Date;
}

/**
 * Checks the resend, daily and per-address limits; throws ApiError (HTTP 429) when one is
 * reached. A phone's day has separate quotas, so no asker can spend another's: codes asked by
 * its owner (`askerId` is the owner: logged in, or on one of the owner's devices, see
 * ownerAsking), codes asked anonymously (`askerId` undefined) for each purpose, of which one
 * address gets only a share, and codes other accounts ask for it (anchor applications), which
 * also count against the asking account. `ip` is the caller's addressKey.
 */
export async function checkCodeLimits(
  db: Db,
  mobile: string,
  purpose: CodePurpose,
  ip: string,
  now = new Date(),
  askerId?: number,
) {
  const t = now.getTime();
  const [recent] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, purpose),
        gt(smsCodes.createdAt, new Date(t - CODE_RULES.resendMs)),
      ),
    );
  if ((recent?.n ?? 0) > 0) throw new ApiError('account.api.codeTooSoon', { httpStatus: 429 });
  const day = gt(smsCodes.createdAt, new Date(t - 24 * 3600_000));
  const ownerId = await ownerOf(db, mobile);
  const forOthers = askerId !== undefined && askerId !== ownerId;
  const byOwnerOrAnonymous = ownerId
    ? or(isNull(smsCodes.userId), eq(smsCodes.userId, ownerId))
    : isNull(smsCodes.userId);
  if (forOthers) {
    const [mine] = await db
      .select({ n: count() })
      .from(smsCodes)
      .innerJoin(users, eq(users.id, smsCodes.userId))
      .where(and(eq(smsCodes.userId, askerId), ne(smsCodes.mobile, users.mobile), day));
    const [others] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), not(byOwnerOrAnonymous!), day));
    if (
      (mine?.n ?? 0) >= CODE_RULES.perAccountForOthersPerDay ||
      (others?.n ?? 0) >= CODE_RULES.fromOthersPerPhonePerDay
    ) {
      throw new ApiError('account.api.codeDailyLimit', { httpStatus: 429 });
    }
  } else if (askerId !== undefined) {
    // The owner's codes and anonymous ones are counted apart: strangers cannot spend the owner's.
    const [daily] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.userId, askerId), day));
    if ((daily?.n ?? 0) >= CODE_RULES.perPhonePerDay) {
      throw new ApiError('account.api.codeDailyLimit', { httpStatus: 429 });
    }
  } else {
    // Anonymous codes: login and reset apart, and each address only its share of the phone's day.
    const anonymous = and(
      eq(smsCodes.mobile, mobile),
      eq(smsCodes.purpose, purpose),
      isNull(smsCodes.userId),
      day,
    );
    const [fromHere] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(anonymous, eq(smsCodes.ip, ip)));
    const [fromAll] = await db.select({ n: count() }).from(smsCodes).where(anonymous);
    if (
      (fromHere?.n ?? 0) >= CODE_RULES.anonymousPerAddressPerDay ||
      (fromAll?.n ?? 0) >= CODE_RULES.perPhonePerDay
    ) {
      throw new ApiError('account.api.codeDailyLimit', { httpStatus: 429 });
    }
  }
  const [hourly] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(t - 3600_000))));
  if ((hourly?.n ?? 0) >= CODE_RULES.perIpPerHour)
    throw new ApiError('errors.tooMany', { httpStatus: 429 });
}

/** The id of the account whose phone this is, or undefined. */
async function ownerOf(db: Db, mobile: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return row?.id;
}

/**
 * The phone owner's id when the caller is its owner: logged in as the owner (`userId`), or on a
 * device that held a session of the owner's account in the last 60 days (a device id is random
 * and known only to its browser); undefined for anybody else, who asks anonymously.
 */
export async function ownerAsking(
  db: Db,
  mobile: string,
  device: string,
  userId: number | undefined,
  now = new Date(),
): Promise<number | undefined> {
  const ownerId = await ownerOf(db, mobile);
  if (ownerId === undefined || userId === ownerId) return ownerId;
  if (!device) return undefined;
  const [known] = await db
    .select({ at: sessions.createdAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, ownerId),
        eq(sessions.deviceInfo, device),
        gt(sessions.createdAt, new Date(now.getTime() - CODE_RULES.knownDeviceMs)),
      ),
    )
    .limit(1);
  return known ? ownerId : undefined;
}

/** Records a code (and sends it when `deliver`). Call checkCodeLimits first. */
export async function issueCode(db: Db, input: SendCodeInput): Promise<void> {
  const now = input.now ?? new Date();
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  // Rows older than the daily window count for nothing any more: the oldest few go with each
  // new one (whatever phone they were for), so the table keeps about two days of codes.
  const oldest = db.select({ id: smsCodes.id }).from(smsCodes).orderBy(smsCodes.id).limit(4);
  await db
    .delete(smsCodes)
    .where(
      and(
        inArray(smsCodes.id, oldest),
        lt(smsCodes.createdAt, new Date(now.getTime() - 2 * 24 * 3600_000)),
      ),
    );
  await db.insert(smsCodes).values({
    mobile: input.mobile,
    purpose: input.purpose,
    codeHash: input.deliver ? codeHash(input.secret, input.mobile, input.purpose, code) : '',
    ip: input.ip,
    userId: input.userId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_RULES.ttlMs),
  });
  if (input.deliver) await input.sms.send({ mobile: input.mobile, code, purpose: input.purpose });
}

/**
 * Checks `code` against the newest code of a phone and purpose (a new code supersedes older
 * ones). Each check first takes one of the code's 5 tries in a conditional UPDATE, so concurrent
 * guesses cannot share a try; a right code is then spent. False when the code is wrong, used,
 * expired, out of tries or was never sent.
 */
export async function consumeCode(
  db: Db,
  secret: string,
  mobile: string,
  purpose: CodePurpose,
  code: string,
  now = new Date(),
): Promise<boolean> {
  const [newest] = await db
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  if (!newest) return false;
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(
      and(
        eq(smsCodes.id, newest.id),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, now),
        lt(smsCodes.attempts, CODE_RULES.maxAttempts),
      ),
    )
    .returning({ codeHash: smsCodes.codeHash });
  if (!row?.codeHash) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(codeHash(secret, mobile, purpose, code), 'hex');
  if (!timingSafeEqual(expected, actual)) return false;
  const used = await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.id, newest.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Issues a mobile_hash for a verified phone: register (after a login code) or reset. */
export async function issueMobileHash(
  db: Db,
  mobile: string,
  purpose: 'register' | 'reset',
  now = new Date(),
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(mobileHashes).values({
    hash: sha256(token),
    mobile,
    purpose,
    expiresAt: new Date(now.getTime() + CODE_RULES.mobileHashTtlMs),
  });
  return token;
}

/** Spends a mobile_hash: true only for an unexpired, unused token of this phone and purpose. */
export async function spendMobileHash(
  db: Db,
  token: string,
  mobile: string,
  purpose: 'register' | 'reset',
  now = new Date(),
): Promise<boolean> {
  const spent = await db
    .update(mobileHashes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mobileHashes.hash, sha256(token)),
        eq(mobileHashes.mobile, mobile),
        eq(mobileHashes.purpose, purpose),
        isNull(mobileHashes.usedAt),
        gt(mobileHashes.expiresAt, now),
      ),
    )
    .returning({ hash: mobileHashes.hash });
  return spent.length === 1;
}
