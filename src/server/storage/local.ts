/**
 * The local-disk driver: objects are files under one root folder (the data folder, or the media
 * folder for replays).
 */
import { createReadStream } from 'node:fs';
import {
  copyFile,
  mkdir,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkKey, checkPrefix, typeOfKey, type ObjectStore } from './store.ts';

/** A store over `root`; keys are paths below it. */
export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  /** Writes through a temporary name, so a reader never sees half a file. */
  const place = async (key: string, write: (tmp: string) => Promise<void>) => {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(4).toString('hex')}.part`;
    try {
      await write(tmp);
      await rename(tmp, file);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
  };
  const info = async (key: string) => {
    const s = await stat(fileOf(key)).catch(() => null);
    return s?.isFile() ? { size: s.size, contentType: typeOfKey(key) } : null;
  };
  return {
    driver: 'local',
    put: (key, body) => place(key, (tmp) => writeFile(tmp, body)),
    putFile: (key, file, options) =>
      place(key, async (tmp) => {
        // A move within one disk is a rename; across disks it is a copy like any other.
        if (options.move) {
          try {
            return await rename(file, tmp);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
          }
        }
        await copyFile(file, tmp);
        if (options.move) await unlink(file).catch(() => {});
      }),
    read: async (key) => {
      const bytes = await readFile(fileOf(key)).catch(() => null);
      return bytes && new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    open: async (key, range) => {
      const found = await info(key);
      return found && { info: found, body: createReadStream(fileOf(key), range) };
    },
    head: info,
    remove: async (key) => {
      await unlink(fileOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    list: async (prefix) => {
      const dir = path.join(root, checkPrefix(prefix));
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
          throw err;
        },
      );
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.part'))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    },
    publicUrl: () => null,
    signedUrl: () => Promise.resolve(null),
  };
}
