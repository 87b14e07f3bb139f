/**
 * `npm run backup` and `npm run restore` as an operator runs them (the real scripts in child
 * processes): the restored database holds the balances at backup time and its ledger verifies;
 * a backup taken from a running server under traffic is consistent; bad input changes nothing.
 * PGlite always, PostgreSQL (pg_dump and pg_restore) when TEST_DATABASE_URL is set.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balancerConfig } from '../../scripts/cluster/balancer.ts';
import { ledgerEntries } from '../../src/server/db/schema.ts';
import { backupToken } from '../../src/server/http/backup.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import {
  balances,
  children,
  fingerprint,
  gift,
  recharge,
  run,
  seedMoney,
  temp,
  withDb,
} from './backup-helpers.ts';
import { createPostgresDatabase, usersWithWallets } from './helpers.ts';

describe('backup and restore on pglite', () => {
  it('restores the balances at backup time; the old folder is kept and the ledger verifies', async () => {
    const dataDir = temp();
    const open = { dataDir: path.join(dataDir, 'pglite') };
    const ids = await seedMoney(open, '1371000');
    const atBackup = await balances(open, ids);
    expect(atBackup[0]!.gold).toBe(8_000);

    // The default name, relative to the working folder.
    const cwd = temp();
    const backup = await run('scripts/backup.ts', [], { DATA_DIR: dataDir }, cwd);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('with no server running');
    const [name] = readdirSync(path.join(cwd, 'backups'));
    expect(name).toMatch(/^arena-\d{8}T\d{6}Z\.tar\.gz$/);
    const file = path.join(cwd, 'backups', name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Later money, which the restore takes back.
    await withDb(open, async (db) => {
      await recharge(db, ids[1], 5_000);
      await gift(db, ids[1], ids[0], 4_000);
    });
    const later = await balances(open, ids);
    expect(later).not.toEqual(atBackup);

    const refused = await run('scripts/restore.ts', [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('add --force');
    expect(await balances(open, ids)).toEqual(later);

    const restored = await run('scripts/restore.ts', [file, '--force'], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/\d+ users, \d+ wallets/);
    expect(await balances(open, ids)).toEqual(atBackup);
    const aside = readdirSync(dataDir).find((n) => n.startsWith('pglite.before-restore-'));
    expect(aside).toBeDefined();
    expect(await balances({ dataDir: path.join(dataDir, aside!) }, ids)).toEqual(later);

    const verify = await run('scripts/ledger-verify.ts', [], { DATA_DIR: dataDir });
    expect(verify.code, verify.stdout).toBe(0);
  }, 120_000);

  it('answers bad input with one line and exit code 2, changing nothing', async () => {
    const dataDir = temp();
    const files = temp();
    await seedMoney({ dataDir: path.join(dataDir, 'pglite') }, '1372000');
    const good = path.join(files, 'good.tar.gz');
    expect((await run('scripts/backup.ts', [good], { DATA_DIR: dataDir })).code).toBe(0);
    const before = fingerprint(dataDir);
    const write = (name: string, data: Uint8Array | string) => {
      writeFileSync(path.join(files, name), data);
      return path.join(files, name);
    };
    mkdirSync(path.join(files, 'docs'));
    writeFileSync(path.join(files, 'docs', 'a.txt'), 'not a database');
    spawnSync('tar', ['czf', path.join(files, 'docs.tar.gz'), '-C', files, 'docs']);
    const cases: [string[], string][] = [
      [[path.join(files, 'missing.tar.gz')], 'no such file'],
      [[files], 'is not a file'],
      [[write('notes.txt', 'hello')], 'is not a backup'],
      [[write('cut.tar.gz', readFileSync(good).subarray(0, 4_000))], 'not a readable archive'],
      [[path.join(files, 'docs.tar.gz')], 'not of a database folder'],
      [[write('pg.dump', 'PGDMP\x01\x0e\x00')], 'set DATABASE_URL'],
      [[], 'name the backup file'],
      [[good, '--wipe'], 'unknown option --wipe'],
    ];
    const results = await Promise.all(
      cases.map(([args]) => run('scripts/restore.ts', [...args, '--force'], { DATA_DIR: dataDir })),
    );
    for (const [i, result] of results.entries()) {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(cases[i]![1]);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(fingerprint(dataDir)).toEqual(before);
    const again = await run('scripts/backup.ts', [good], { DATA_DIR: dataDir });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('exists already');
    const empty = temp();
    const none = await run('scripts/backup.ts', [path.join(files, 'x.tar.gz')], {
      DATA_DIR: empty,
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no embedded database');
    expect(readdirSync(empty)).toEqual([]);
  }, 120_000);

  it('takes a consistent backup from a running server under traffic', async () => {
    const dataDir = temp();
    const open = { dataDir: path.join(dataDir, 'pglite') };
    const seeded = await withDb(open, async (db) => {
      const ids = await usersWithWallets(db, '1373000', 21);
      for (const id of ids.slice(1)) await recharge(db, id, 50_000);
      return (await db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    });
    const server: ChildProcess = spawn(process.execPath, ['tests/integration/backup-server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        SEED_DEMO: '0',
        TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(server);
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    let url = '';
    let progress = 0;
    const reach = (wanted: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => progress >= wanted && url && resolve();
        void exited.then((code) => reject(new Error(`server exited with ${code}`)));
        server.stdout!.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) {
            if (line.startsWith('listening ')) url = line.slice(10);
            else if (/^\d+$/.test(line)) progress = Math.max(progress, Number(line));
          }
          check();
        });
        check();
      });
    try {
      await reach(200);
      const file = path.join(temp(), 'live.tar.gz');
      const backup = await run('scripts/backup.ts', [file], { DATA_DIR: dataDir, PORT: '1' });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`from the running server (pid ${server.pid})`);

      // The call is the owner's: a wrong token or method is refused, and restore waits. The
      // server trusts loopback as its balancer, so a caller on the machine names itself.
      const local = { 'x-real-ip': '127.0.0.1' };
      const wrong = await fetch(`${url}/internal/backup`, {
        method: 'POST',
        headers: { ...local, authorization: 'Bearer nope' },
      });
      expect(wrong.status).toBe(403);
      expect((await fetch(`${url}/internal/backup`, { headers: local })).status).toBe(405);
      // The right token from a client behind the balancer (TRUST_PROXY) gets no dump either,
      // whether the balancer names it, names nothing or passes on nonsense.
      const token = backupToken(readFileSync(path.join(dataDir, 'secret'), 'utf8').trim());
      const names: Record<string, string>[] = [
        { 'x-real-ip': '203.0.113.9' },
        {},
        { 'x-real-ip': 'localhost' },
      ];
      for (const named of names) {
        const remote = await fetch(`${url}/internal/backup`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...named },
          redirect: 'manual',
        });
        expect(remote.status).toBe(404);
        expect(remote.headers.get('x-arena-pid')).toBeNull();
      }
      const busy = await run('scripts/restore.ts', [file, '--force'], { DATA_DIR: dataDir });
      expect(busy.code).toBe(2);
      expect(busy.stderr).toContain('stop the server first');

      await reach(progress + 200);
      server.kill('SIGTERM');
      expect(await exited).toBe(0);

      const elsewhere = temp();
      const restored = await run('scripts/restore.ts', [file], { DATA_DIR: elsewhere });
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('The folder was empty');
      const verify = await run('scripts/ledger-verify.ts', [], { DATA_DIR: elsewhere });
      expect(verify.code, verify.stdout).toBe(0);

      // A moment of the traffic: more than the seed, fewer than at the end.
      const entries = (dir: string) =>
        withDb({ dataDir: path.join(dir, 'pglite') }, async (db) => {
          expect(isClean(await verifyLedger(db))).toBe(true);
          return (await db.select({ n: count() }).from(ledgerEntries))[0]!.n;
        });
      const inBackup = await entries(elsewhere);
      expect(inBackup).toBeGreaterThan(seeded + 2 * 200);
      expect(inBackup).toBeLessThan(await entries(dataDir));
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
    }
  }, 120_000);
});

describe('the backup call behind the cluster', () => {
  it("is answered 404 by the cluster's nginx", () => {
    const config = balancerConfig({
      dir: '/srv/balancer',
      host: '0.0.0.0',
      port: 80,
      apps: [4001],
      perAddress: 64,
      bodyMb: 8,
    });
    expect(config).toMatch(/location \^~ \/internal\/ \{\s*return 404;\s*\}/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore on postgres', () => {
  it('backs up with pg_dump and restores with pg_restore, balances and ledger intact', async () => {
    const source = await createPostgresDatabase();
    const target = await createPostgresDatabase();
    try {
      const open = { url: source.url };
      const ids = await seedMoney(open, '1374000');
      const atBackup = await balances(open, ids);
      const file = path.join(temp(), 'arena.dump');
      const backup = await run('scripts/backup.ts', [file], { DATABASE_URL: source.url });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('pg_dump --format=custom');
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

      await withDb(open, (db) => gift(db, ids[0], ids[1], 3_000));
      expect(await balances(open, ids)).not.toEqual(atBackup);

      const fresh = await run('scripts/restore.ts', [file], { DATABASE_URL: target.url });
      expect(fresh.stderr).toBe('');
      expect(fresh.code).toBe(0);
      expect(fresh.stdout).toContain('into an empty database');
      expect(await balances({ url: target.url }, ids)).toEqual(atBackup);

      const refused = await run('scripts/restore.ts', [file], { DATABASE_URL: source.url });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('add --force');
      const over = await run('scripts/restore.ts', [file, '--force'], {
        DATABASE_URL: source.url,
      });
      expect(over.stderr).toBe('');
      expect(over.code).toBe(0);
      expect(await balances(open, ids)).toEqual(atBackup);

      for (const url of [source.url, target.url]) {
        const verify = await run('scripts/ledger-verify.ts', [], { DATABASE_URL: url });
        expect(verify.code, verify.stdout).toBe(0);
      }
      const tarball = path.join(temp(), 'x.tar.gz');
      writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 8, 0]));
      const wrongKind = await run('scripts/restore.ts', [tarball], { DATABASE_URL: target.url });
      expect(wrongKind.code).toBe(2);
      expect(wrongKind.stderr).toContain('unset DATABASE_URL');
    } finally {
      await source.drop();
      await target.drop();
    }
  }, 120_000);
});
