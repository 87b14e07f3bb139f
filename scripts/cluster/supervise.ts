/**
 * The cluster's processes kept running: one that dies is started again a second later, up to
 * five times a minute, and each exit and restart is told as a JSON line with its own fields
 * (an app's port, an ingest's name).
 */
import type { ChildProcess } from 'node:child_process';

/** Restarts of one process within a minute before the cluster gives up on it. */
const MAX_RESTARTS_PER_MINUTE = 5;

/** Writes one JSON line of the cluster's log. */
export function say(event: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`);
}

/** A process the cluster keeps running. */
export interface Supervised {
  child: ChildProcess;
}

/**
 * Runs `start()` and starts it again whenever it exits while `stopping()` is false, telling
 * `<kind>_exited`, `<kind>_restarted` and `<kind>_given_up` with `fields`.
 */
export function supervise(
  kind: string,
  fields: Record<string, unknown>,
  start: () => ChildProcess,
  stopping: () => boolean,
): Supervised {
  const restarts: number[] = [];
  const watched: Supervised = { child: start() };
  const watch = (child: ChildProcess) => {
    child.once('exit', (code, signal) => {
      if (stopping()) return;
      say(`${kind}_exited`, { ...fields, pid: child.pid, code, signal });
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! <= now - 60_000) restarts.shift();
      if (restarts.length >= MAX_RESTARTS_PER_MINUTE) {
        say(`${kind}_given_up`, fields);
        return;
      }
      restarts.push(now);
      setTimeout(() => {
        if (stopping()) return;
        watched.child = start();
        watch(watched.child);
        say(`${kind}_restarted`, { ...fields, pid: watched.child.pid });
      }, 1000);
    });
  };
  watch(watched.child);
  return watched;
}
