/**
 * Abuse: the embedded database, its WAL, the secret and uploads are readable by their owner
 * only, whatever the umask the server was started with and whatever an older version left.
 */
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureTree } from '../../src/server/data-dir.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { storeImage } from '../../src/server/uploads/images.ts';
import { localStore } from '../../src/server/storage/local.ts';

/** Every path under `root` (itself included) with its permission bits, `skip` left out. */
function modes(root: string, skip?: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (p: string) => {
    if (p === skip) return;
    const stat = statSync(p);
    found.set(p, stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(root);
  return found;
}

describe('DATA_DIR permissions', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('are 0700 for folders and 0600 for files after a start under umask 000', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-modes-'));
    dirs.push(dataDir);
    const umask = process.umask(0);
    try {
      // What an older version left: open folders and files.
      chmodSync(dataDir, 0o777);
      mkdirSync(path.join(dataDir, 'uploads', '2026', '01'), { recursive: true, mode: 0o777 });
      writeFileSync(path.join(dataDir, 'uploads', '2026', '01', 'old.webp'), 'x', { mode: 0o666 });
      mkdirSync(path.join(dataDir, 'media', 'hls'), { recursive: true, mode: 0o777 });
      writeFileSync(path.join(dataDir, 'media', 'nginx-error.log'), '', { mode: 0o644 });
      writeFileSync(path.join(dataDir, 'media', 'hls', '1.m3u8'), '#EXTM3U', { mode: 0o644 });

      const server = await startServer(
        readEnv({
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_REQUESTS: '0',
          SEED_DEMO: '0',
        }),
      );
      try {
        // The database writes (WAL included) and an upload after the start.
        const res = await fetch(`${server.url}/api/config/getCommonConfig`, { method: 'POST' });
        expect(res.status).toBe(200);
        await storeImage(localStore(dataDir), Buffer.from('webp bytes'));
      } finally {
        await server.stop();
      }
    } finally {
      process.umask(umask);
    }

    const hls = path.join(dataDir, 'media', 'hls');
    const found = modes(dataDir, hls);
    expect([...found.keys()].some((p) => p.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
    expect([...found.keys()].filter((p) => p.endsWith('.webp')).length).toBe(2);
    const open = [...found].filter(([p, mode]) =>
      statSync(p).isDirectory() ? mode !== 0o700 : mode !== 0o600,
    );
    expect(open.map(([p, mode]) => `${path.relative(dataDir, p)} ${mode.toString(8)}`)).toEqual([]);
    // The HLS output (public video, written by the RTMP workers) is left as it was.
    expect(statSync(path.join(hls, '1.m3u8')).mode & 0o777).toBe(0o644);
  });

  it('keep a group traverse bit on the way to the HLS output only where the ingest gave it', () => {
    // A group other than the owner's own, as the ingest hands folders to its workers' group.
    const other =
      process.getuid?.() === 0
        ? 65534
        : process.getgroups?.().find((g) => g !== process.getgid?.());
    expect(other, 'needs root or a second group to hand a folder over').toBeDefined();
    const root = mkdtempSync(path.join(tmpdir(), 'arena-modes-'));
    dirs.push(root);
    mkdirSync(path.join(root, 'media', 'hls'), { recursive: true });
    mkdirSync(path.join(root, 'uploads'));
    chownSync(root, process.getuid!(), other!);
    chmodSync(root, 0o751);
    chmodSync(path.join(root, 'media'), 0o755);
    chmodSync(path.join(root, 'uploads'), 0o755);
    secureTree(root, path.join(root, 'media', 'hls'));
    expect(statSync(root).mode & 0o777).toBe(0o710);
    expect(statSync(path.join(root, 'media')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(root, 'uploads')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(root, 'media', 'hls')).mode & 0o777).toBe(0o755);
  });

  it('are tightened through a DATA_DIR that is a symbolic link to the real folder', async () => {
    const real = mkdtempSync(path.join(tmpdir(), 'arena-modes-real-'));
    const links = mkdtempSync(path.join(tmpdir(), 'arena-modes-link-'));
    dirs.push(real, links);
    const dataDir = path.join(links, 'data');
    symlinkSync(real, dataDir, 'dir');
    // What an older version (or a copy made by hand) left: a readable secret in an open folder.
    chmodSync(real, 0o755);
    writeFileSync(path.join(real, 'secret'), 'a'.repeat(64), { mode: 0o644 });
    mkdirSync(path.join(real, 'uploads'), { mode: 0o777 });
    chmodSync(path.join(real, 'uploads'), 0o777);

    const server = await startServer(
      readEnv({
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        SEED_DEMO: '0',
      }),
    );
    await server.stop();

    expect(statSync(real).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(real, 'secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(real, 'uploads')).mode & 0o777).toBe(0o700);
  });
});
