/** Lengths of recordings as players show them. */

/**
 * Formats a length in seconds as `H:MM:SS`, or `M:SS` under an hour.
 * @example formatDuration(6135) // '1:42:15'
 */
export function formatDuration(totalSeconds: number): string {
  const total = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The same length as an ISO 8601 duration for `<time datetime>`, e.g. `PT1H42M15S`. */
export function isoDuration(totalSeconds: number): string {
  const total = Math.max(0, Math.floor(totalSeconds));
  return `PT${Math.floor(total / 3600)}H${Math.floor((total % 3600) / 60)}M${total % 60}S`;
}
