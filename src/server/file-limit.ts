/**
 * The process's open-file limit: every socket is a file, so it bounds how many viewers one
 * process can hold. Node has no setrlimit; on Linux the soft limit is raised to the hard limit
 * (what an unprivileged process may do) with util-linux's `prlimit` on our own pid.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The soft (enforced) and hard (ceiling) open-file limits; undefined where unknown. */
export interface FileLimit {
  soft: number | undefined;
  hard: number | undefined;
}

/** Parses the "Max open files" line of a `/proc/<pid>/limits` text. */
export function parseFileLimit(limits: string): FileLimit {
  const line = limits.split('\n').find((l) => l.startsWith('Max open files'));
  if (!line) return { soft: undefined, hard: undefined };
  const [soft, hard] = line
    .slice('Max open files'.length)
    .trim()
    .split(/\s+/)
    .map((v) => (v === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(v)));
  const known = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v : undefined);
  return { soft: known(soft), hard: known(hard) };
}

/** This process's open-file limit (Linux); both undefined elsewhere. */
export function readFileLimit(): FileLimit {
  try {
    return parseFileLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return { soft: undefined, hard: undefined };
  }
}

/**
 * Raises the soft open-file limit to the hard one when it is lower, and returns the limit in
 * force afterwards. Does nothing where `/proc` or `prlimit` is missing.
 */
export function raiseFileLimit(): FileLimit {
  const before = readFileLimit();
  if (before.soft === undefined || before.hard === undefined || before.soft >= before.hard) {
    return before;
  }
  const hard = before.hard === Number.MAX_SAFE_INTEGER ? 'unlimited' : String(before.hard);
  spawnSync('prlimit', ['--pid', String(process.pid), `--nofile=${hard}:${hard}`], {
    stdio: 'ignore',
  });
  return readFileLimit();
}

/** File handles kept free of HTTP sockets (database pool, logs, media files, uploads), at most. */
const RESERVED_FOR_FILES = 256;
/** File handles kept free of hub sockets (the above plus pages and API calls), at most. */
const RESERVED_FOR_HTTP = 1024;

/**
 * Default caps of open sockets under a soft open-file limit of `soft`: all TCP connections,
 * and hub connections among them. The reserves shrink with a small limit (an eighth and a
 * quarter of it); without a known limit the common default of 1,024 is assumed.
 */
export function socketCaps(soft: number | undefined): { sockets: number; hub: number } {
  const limit = Math.min(soft ?? 1024, 1_000_000);
  return {
    sockets: limit - Math.min(RESERVED_FOR_FILES, Math.floor(limit / 8)),
    hub: limit - Math.min(RESERVED_FOR_HTTP, Math.floor(limit / 4)),
  };
}
