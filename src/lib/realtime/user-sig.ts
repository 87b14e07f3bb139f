/** What GET /api/tencentIm/getUserSig answers, for the hub and for Tencent Cloud Chat. */

/** getUserSig's data (spec §7 field names). */
export interface UserSigAnswer {
  /** Chat id: the user id, or the device's guest id. */
  id: string;
  /** The chat provider's signature: the hub's, or a Tencent UserSig with IM_PROVIDER=tencent. */
  sig: string;
  /** With IM_PROVIDER=tencent only: the hub's signature (gifts, bets, moderation, the inbox). */
  hub_sig?: string;
}

/** The signature the hub checks: `hub_sig` when the answer has one, else `sig`. */
export function hubSig(answer: UserSigAnswer): string {
  return answer.hub_sig ?? answer.sig;
}
