/** Waiting in suites that watch other processes (nginx, ffmpeg) produce files or state. */

/** Resolves with `check`'s first value other than undefined or false; fails after `ms`. */
export async function until<T>(
  what: string,
  check: () => T | undefined | false,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
