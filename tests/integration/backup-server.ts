/**
 * Child process of backup.test.ts: the real server (startServer on DATA_DIR, PORT, HOST from
 * the environment) with gift transfers running in the same process without end, as a busy site
 * has while `npm run backup` asks it for a dump. Prints "listening <url>", then the transfers
 * done every 50; stops on SIGTERM.
 */
import { users } from '../../src/server/db/schema.ts';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/main.ts';
import { getRuntime } from '../../src/server/runtime.ts';
import { applyMoves, giftSplit, InsufficientBalanceError } from '../../src/server/wallet/ledger.ts';

const running = await startServer(readEnv());
const db = getRuntime().db;
const ids = (await db.select({ id: users.id }).from(users)).map((r) => r.id).sort((a, b) => a - b);
const anchor = ids[0]!;
const senders = ids.slice(1);
let stopping = false;
process.once('SIGTERM', () => {
  stopping = true;
});
process.stdout.write(`listening ${running.url}\n`);

let n = 0;
const worker = async () => {
  while (!stopping) {
    const i = n++;
    const sender = senders[i % senders.length]!;
    try {
      await applyMoves(db, {
        key: `backup-burst:${i}`,
        kind: 'gift',
        moves: [
          { userId: sender, currency: 'gold', amount: -100, kind: 'gift_send' },
          { userId: anchor, currency: 'income', amount: giftSplit(100), kind: 'gift_income' },
        ],
      });
    } catch (err) {
      if (!(err instanceof InsufficientBalanceError)) throw err;
    }
    if (i % 50 === 0) process.stdout.write(`${i}\n`);
    // Requests reach a real server as I/O: leave room for them (and for the backup call).
    await new Promise((resolve) => setImmediate(resolve));
  }
};
await Promise.all(Array.from({ length: 8 }, worker));
await running.stop();
process.exit(0);
