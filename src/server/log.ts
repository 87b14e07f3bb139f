/** Structured logging: one JSON object per line on stdout. Never pass tokens, codes or passwords. */

/** Writes one JSON log line with a timestamp and level. */
export function log(
  level: 'info' | 'warn' | 'error',
  event: string,
  fields: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
  if (level === 'error') process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
}
