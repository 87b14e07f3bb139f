/**
 * `npm run admin` as an operator runs it (the real script in child processes on a PGlite data
 * folder): a setting changes with an audit row naming the command line, bad input exits 2 with
 * one line and changes nothing, a ban shows in the user's search and is lifted, maintenance is
 * planned and listed, a ledger verification is stored and summarised, the platform account is
 * topped up and a cancellation that stopped on it is finished, an unknown verb gets usage.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeBan } from '../../src/server/auth/bans.ts';
import { openDatabase, type Db } from '../../src/server/db/index.ts';
import { adminAudit, appConfig } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/seed/index.ts';
import { QUIZ_STATUS } from '../../src/lib/quiz/types.ts';
import { PLATFORM_ID } from '../../src/server/quiz/accounts.ts';
import { placeBets } from '../../src/server/quiz/bets.ts';
import { runJob, startDraw } from '../../src/server/quiz/settle.ts';
import { findQuiz } from '../../src/server/quiz/views.ts';
import { userIdByMobile, usersWithWallets } from './helpers.ts';
import { askQuiz, expectQuizBalanced, fund, goldOf } from './quiz-helpers.ts';

const ROOT = path.resolve('.');
const dataDir = mkdtempSync(path.join(tmpdir(), 'arena-admin-cli-'));
const pglite = path.join(dataDir, 'pglite');
let memberId = 0;
let dialogTimes: unknown;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- ...args` on the test's data folder (no DATABASE_URL, no Redis). */
function admin(...args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/admin.ts'), ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SECRET: '',
        SEED_DEMO: '0',
        LOG_REQUESTS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Opens the data folder (after the child has exited: one process at a time), runs `fn`, closes. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: pglite });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const setting = (db: Db, key: string) =>
  db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, key))
    .then((rows) => rows[0]?.value);

beforeAll(async () => {
  // Migrated and seeded here, then closed, so each spawned command opens it in turn.
  await withDb(async (db) => {
    await seedDemo(db, new Date(), { liveHistory: false });
    memberId = await userIdByMobile(db, '13900000001');
    dialogTimes = await setting(db, 'dialog_daily_times');
  });
}, 300_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('changes a setting with an audit row; bad input exits 2 with one line, changing nothing', async () => {
    const set = await admin('settings:set', 'checkin_switch', '0');
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('checkin_switch is now 0 (off).\n');

    const bad = await admin('settings:set', 'dialog_daily_times', '99');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('dialog_daily_times: The number is out of range (at most 10)');

    await withDb(async (db) => {
      expect(await setting(db, 'checkin_switch')).toBe(0);
      expect(await setting(db, 'dialog_daily_times')).toEqual(dialogTimes);
      const rows = await db.select().from(adminAudit).where(eq(adminAudit.action, 'settings.set'));
      expect(rows.map((r) => r.target)).toEqual(['config:checkin_switch']);
      expect(rows[0]!.actorId).toBeNull();
      expect(rows[0]!.actor).toMatch(/^command line \(.+\)$/);
      expect(rows[0]!.detail).toMatchObject({ value: 0 });
    });
  });

  it('bans a user, shows the ban in the search and lifts it', async () => {
    const ban = await admin('users:ban', String(memberId), '60', 'spam', 'in', 'chat');
    expect(ban.stderr).toBe('');
    expect(ban.code).toBe(0);
    expect(ban.stdout).toMatch(/Banned until .+ GMT\+8: spam in chat; logged out everywhere/);

    const found = await admin('users:find', String(memberId));
    expect(found.code).toBe(0);
    expect(found.stdout).toContain(`#${memberId}  `);
    expect(found.stdout).toContain(': spam in chat');

    const unban = await admin('users:unban', String(memberId));
    expect(unban.code).toBe(0);
    expect(unban.stdout).toBe(`User ${memberId}: ban lifted.\n`);
    await withDb(async (db) => {
      expect(await activeBan(db, memberId)).toBeNull();
      const audits = await db
        .select({ action: adminAudit.action })
        .from(adminAudit)
        .where(eq(adminAudit.target, `user:${memberId}`));
      expect(audits.map((a) => a.action)).toEqual(['user.ban', 'user.unban']);
    });
  });

  it('plans maintenance and lists it', async () => {
    const added = await admin(
      ...['maintenance:add', '--title-zh', '升级', '--title-en', 'CLI upgrade'],
      ...['--content-zh', '服务器升级', '--content-en', 'Servers are upgraded'],
      ...['--start', '2031-03-01T02:00+08:00', '--end', '2031-03-01T04:00+08:00'],
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    const id =
      /Maintenance #(\d+) planned: 2031-03-01 02:00 GMT\+8 to 2031-03-01 04:00 GMT\+8/.exec(
        added.stdout,
      )?.[1];
    expect(id).toBeDefined();

    const listed = await admin('maintenance:list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`#${id}  Upcoming  2031-03-01 02:00 GMT+8 to`);
    expect(listed.stdout).toContain('CLI upgrade: Servers are upgraded');
  });

  it('stores a clean verification that the summary shows', async () => {
    const verify = await admin('ledger:verify');
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('OK: every balance equals its ledger sum.');

    const summary = await admin('ledger:summary');
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/Gems: +[\d,]+\.\d\d\n/);
    expect(summary.stdout).toContain('Clean: every balance equals its ledger');
    expect(summary.stdout).toMatch(/Last run .+ GMT\+8 by command line \(.+\)/);
  });

  it('tops up the platform account and finishes a cancellation that stopped on it', async () => {
    // A drawn quiz whose winner staked the winnings on the next quiz: cancelling it stops.
    const stalled = await withDb(async (db) => {
      const [w, l] = (await usersWithWallets(db, '1773000', 2)) as [number, number];
      const big = (await goldOf(db, PLATFORM_ID)) + 500_000;
      await fund(db, [w], 1_000, 'cli');
      await fund(db, [l], big, 'cli');
      const first = (await askQuiz(db)).guess_id;
      await placeBets(db, [
        { userId: w, quizId: first, option: 1, amount: 1_000, clientMsgId: 'w' },
        { userId: l, quizId: first, option: 2, amount: big, clientMsgId: 'l' },
      ]);
      await startDraw(db, first, 1);
      await runJob(db, first);
      const second = (await askQuiz(db)).guess_id;
      const won = await goldOf(db, w);
      await placeBets(db, [
        { userId: w, quizId: second, option: 1, amount: won, clientMsgId: 'w' },
      ]);
      return { first, second, loser: l, big };
    });
    const refused = await admin('quiz:cancel', String(stalled.first));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Cancellation failed: the platform reserve cannot cover winnings already spent; top it up and try again\n',
    );
    const shown = await admin('reserve:show');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(
      new RegExp(`#${stalled.first} .*after the draw .*short by 5,000\\.00`),
    );

    for (const args of [['0', 'x'], ['12.345', 'x'], ['100'], ['abc', 'x']]) {
      const bad = await admin('reserve:topup', ...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    }
    const topped = await admin('reserve:topup', '5000', 'Cover', 'reversal');
    expect(topped.stderr).toBe('');
    expect(topped.code).toBe(0);
    expect(topped.stdout).toMatch(
      /^Platform account topped up by 5,000\.00 gems; it holds [\d,]+\.\d\d\.\n$/,
    );

    const done = await admin('quiz:cancel', String(stalled.first));
    expect(done.stderr).toBe('');
    expect(done.stdout).toBe(
      `Quiz ${stalled.first} cancelled after its draw: every stake is settled.\n`,
    );
    const before = await admin('quiz:cancel', String(stalled.second));
    expect(before.stdout).toBe(
      `Quiz ${stalled.second} cancelled before its draw: every stake is settled.\n`,
    );
    await withDb(async (db) => {
      expect((await findQuiz(db, stalled.first))!.status).toBe(QUIZ_STATUS.revoked);
      expect(await goldOf(db, stalled.loser)).toBe(stalled.big);
      await expectQuizBalanced(db, stalled.first);
      await expectQuizBalanced(db, stalled.second);
      const [topUp] = await db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.action, 'platform.topup'));
      expect(topUp!.actor).toMatch(/^command line \(.+\)$/);
      expect(topUp!.detail).toMatchObject({ amount: 500_000, reason: 'Cover reversal' });
    });
  }, 600_000);

  it('answers an unknown verb with the usage and exit code 2', async () => {
    const unknown = await admin('users:delete', '1');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Unknown verb "users:delete"');
    expect(unknown.stderr).toContain('npm run admin -- <verb> [arguments]');
    expect(unknown.stderr).toContain('ledger:verify');
  });
});
