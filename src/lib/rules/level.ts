/** Viewer levels 0-22 from total experience: level n needs 100·n² exp. */

/** Highest level. */
export const MAX_LEVEL = 22;

/** Total exp needed to reach `level`. */
export function expForLevel(level: number): number {
  return 100 * level * level;
}

/** Level, exp into it (process) and exp still needed for the next (remainder; 0 at the top). */
export function levelOf(exp: number): { level: number; process: number; remainder: number } {
  const total = Math.max(0, Math.trunc(exp));
  const level = Math.min(MAX_LEVEL, Math.floor(Math.sqrt(total / 100)));
  const process = total - expForLevel(level);
  const remainder = level === MAX_LEVEL ? 0 : expForLevel(level + 1) - total;
  return { level, process, remainder };
}
