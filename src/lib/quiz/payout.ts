/**
 * Pari-mutuel arithmetic, in integers: the winners share the pool (less the platform fee) in
 * proportion to their stakes, each share rounded down to the minor unit; the fee and the
 * rounding remainder go to the platform. With nobody on the winning side every stake is refunded.
 */

/** Basis points in a whole. */
const WHOLE_BP = 10_000n;

/** A stake to settle. */
export interface StakeIn {
  userId: number;
  option: 1 | 2;
  amount: number;
}

/** What a draw pays: one payout per stake (0 for losers), the fee and the remainder. */
export interface Split {
  payouts: number[];
  fee: number;
  remainder: number;
  /** True when nobody backed the winner: payouts are the stakes, fee and remainder 0. */
  refundAll: boolean;
}

/**
 * Splits the pool of `stakes` for `winner` with a fee of `feeBp` basis points.
 * stakes total = sum(payouts) + fee + remainder, exactly.
 */
export function splitPool(stakes: StakeIn[], winner: 1 | 2, feeBp: number): Split {
  const pool = stakes.reduce((sum, s) => sum + BigInt(s.amount), 0n);
  const backing = stakes
    .filter((s) => s.option === winner)
    .reduce((sum, s) => sum + BigInt(s.amount), 0n);
  if (backing === 0n) {
    return { payouts: stakes.map((s) => s.amount), fee: 0, remainder: 0, refundAll: true };
  }
  const fee = (pool * BigInt(feeBp)) / WHOLE_BP;
  const shared = pool - fee;
  let paid = 0n;
  const payouts = stakes.map((s) => {
    if (s.option !== winner) return 0;
    const share = (BigInt(s.amount) * shared) / backing;
    paid += share;
    return Number(share);
  });
  return { payouts, fee: Number(fee), remainder: Number(shared - paid), refundAll: false };
}

/**
 * What one gem on `option` would return now if it won (pool less fee over the option's pool),
 * e.g. 2.5 for "×2.50"; null while nobody has backed the option.
 */
export function odds(poolA: number, poolB: number, option: 1 | 2, feeBp = 0): number | null {
  const mine = option === 1 ? poolA : poolB;
  if (mine <= 0) return null;
  const pool = poolA + poolB;
  return (pool * (1 - feeBp / 10_000)) / mine;
}
