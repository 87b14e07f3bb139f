/**
 * Keeping DATA_DIR private: the embedded database (and its WAL) holds password hashes, phone
 * numbers and ID numbers, uploads hold ID photos. Whatever the umask, what this process creates
 * is its owner's alone, and what an older version left open is closed at start.
 */
import { chmodSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { log } from './log.ts';

/** Mode of private folders. */
const DIR_MODE = 0o700;
/** Mode of private files. */
const FILE_MODE = 0o600;

/** Folders and files whose mode was changed by secureTree. */
export interface Tightened {
  dirs: number;
  files: number;
}

/** `p` with its symbolic links resolved, or `p` itself when it does not exist (yet). */
function resolved(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Makes every folder under `root` 0700 and every file 0600. `root` itself may be a symbolic link
 * (a data folder on another disk) and is followed; links inside it are not.
 * `publicDir` (the HLS output the RTMP workers write, public video) is left as it is, and the
 * folders on the way to it that the ingest gave to the workers' group (a group other than the
 * owner's own) keep its traverse bit (0710: the workers may pass through, never list or read).
 */
export function secureTree(linkedRoot: string, linkedPublicDir?: string): Tightened {
  const done: Tightened = { dirs: 0, files: 0 };
  const root = resolved(linkedRoot);
  const publicDir = linkedPublicDir === undefined ? undefined : resolved(linkedPublicDir);
  const inside = (dir: string) => publicDir !== undefined && publicDir.startsWith(dir + path.sep);
  const walk = (current: string) => {
    const stat = lstatSync(current, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o7777;
    if (stat.isDirectory()) {
      if (current === publicDir) return;
      const handedOver = inside(current) && stat.gid !== process.getgid?.();
      const want = DIR_MODE | (handedOver ? mode & 0o010 : 0);
      if (mode !== want) {
        chmodSync(current, want);
        done.dirs += 1;
      }
      for (const name of readdirSync(current)) walk(path.join(current, name));
    } else if (mode !== FILE_MODE && (mode & ~FILE_MODE) !== 0) {
      chmodSync(current, mode & FILE_MODE);
      done.files += 1;
    }
  };
  walk(root);
  return done;
}

/**
 * Sets this process's umask to 077 (new files 0600, folders 0700) and tightens DATA_DIR and
 * MEDIA_DIR. PGlite gives the files it creates mode 0666 whatever the umask (its WASM file
 * system sets modes itself), so the server calls this again after the database opens and once
 * a minute; the 0700 folders already keep other users out in between.
 */
export function secureDataDir(dataDir: string, mediaDir: string): void {
  process.umask(0o077);
  const hls = path.join(mediaDir, 'hls');
  const [data, media] = [resolved(dataDir), resolved(mediaDir)];
  const roots = media.startsWith(data + path.sep) ? [dataDir] : [dataDir, mediaDir];
  for (const root of roots) {
    const done = secureTree(root, hls);
    if (done.dirs || done.files) log('info', 'data_dir_tightened', { root, ...done });
  }
}
