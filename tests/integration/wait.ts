/** Waiting in suites that watch other processes (nginx, ffmpeg) or the database produce state. */

/**
 * Resolves with `check`'s first value other than undefined or false, asking every `every` ms;
 * `check` may be async (a database read). Fails after `ms`.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | false | PromiseLike<T | undefined | false>,
  ms = 15_000,
  every = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
