/**
 * One process at a time per recording: several server processes (npm run cluster) each sweep
 * the recordings folder, so a file is claimed first with `<file>.claim`, created only if absent
 * and holding the claimer's pid. A claim whose process is gone (a crash mid-work), or older than
 * the longest ffmpeg run, is taken over.
 */
import { readFile, stat, unlink, writeFile } from 'node:fs/promises';

/** A claim older than this is stale whatever its pid says (ffmpeg's own limit is an hour). */
const CLAIM_MAX_MS = 2 * 60 * 60_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function create(claimFile: string): Promise<boolean> {
  try {
    await writeFile(claimFile, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Claims `file` for this process; false when another live process holds it. */
export async function claimRecording(file: string): Promise<boolean> {
  const claimFile = `${file}.claim`;
  if (await create(claimFile)) return true;
  const pid = Number(await readFile(claimFile, 'utf8').catch(() => '0'));
  const info = await stat(claimFile).catch(() => null);
  const fresh = info !== null && Date.now() - info.mtimeMs < CLAIM_MAX_MS;
  // This process's queue never works on one file twice, so its own pid is an earlier life's.
  if (fresh && pid > 0 && pid !== process.pid && alive(pid)) return false;
  await unlink(claimFile).catch(() => {});
  return create(claimFile);
}

/** Gives up the claim on `file`. */
export async function releaseRecording(file: string): Promise<void> {
  await unlink(`${file}.claim`).catch(() => {});
}
