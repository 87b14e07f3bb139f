/**
 * Noble rules shared by every reader of users.vip_level and by the mall: a title counts only
 * until it lapses, and buying one extends, upgrades or is refused (docs/decisions.md, "Nobles").
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A user's stored noble title. */
export interface NobleState {
  /** users.vip_level: 0 for none, 1 fox, 2 lion, 3 dragon. */
  level: number;
  /** users.vip_expires_at: when it lapses; null means it does not lapse. */
  expiresAt: Date | null;
}

/**
 * The noble level in force at `now`: the stored level while it has not lapsed, else 0.
 * @example activeNobleLevel({ level: 2, expiresAt: yesterday }, now) // 0
 */
export function activeNobleLevel(state: NobleState, now: Date): number {
  if (state.level <= 0) return 0;
  return !state.expiresAt || state.expiresAt > now ? state.level : 0;
}

/** How a purchase changes the title: a first or lapsed title, the same level longer, a higher level. */
export type NobleChange = 'new' | 'extend' | 'upgrade';

/** Why a noble purchase is refused: a higher level is active, or this level never lapses. */
export type NobleRefusal = 'lower' | 'permanent';

/** The outcome of planNoble. */
export type NoblePlan =
  | { ok: true; change: NobleChange; level: number; expiresAt: Date }
  | { ok: false; reason: NobleRefusal };

/**
 * What buying `level` for `days` does to `current` at `now`. Without an active title it starts
 * now; the same level extends from the current expiry; a higher level takes over now and keeps
 * the later of the current expiry and now + days, so no paid time is lost; a lower level than an
 * active one is refused. A title without an expiry (granted by staff) is not extended by a
 * purchase of its own or a lower level.
 * @example planNoble({ level: 1, expiresAt: in10Days }, 1, 30, now) // extend to in 40 days
 */
export function planNoble(current: NobleState, level: number, days: number, now: Date): NoblePlan {
  const active = activeNobleLevel(current, now);
  const fromNow = new Date(now.getTime() + days * DAY_MS);
  if (active === 0) return { ok: true, change: 'new', level, expiresAt: fromNow };
  if (level < active) return { ok: false, reason: 'lower' };
  if (!current.expiresAt) {
    if (level === active) return { ok: false, reason: 'permanent' };
    return { ok: true, change: 'upgrade', level, expiresAt: fromNow };
  }
  if (level === active) {
    return {
      ok: true,
      change: 'extend',
      level,
      expiresAt: new Date(current.expiresAt.getTime() + days * DAY_MS),
    };
  }
  const later = current.expiresAt > fromNow ? current.expiresAt : fromNow;
  return { ok: true, change: 'upgrade', level, expiresAt: later };
}
