/**
 * Child process of ledger-crash.test.ts: opens the database given in argv, prints "ready", then
 * applies gift transfers without end (32 at a time) until it is killed.
 */
import { openDatabase } from '../../src/server/db/index.ts';
import { users } from '../../src/server/db/schema.ts';
import { applyMoves, giftSplit, InsufficientBalanceError } from '../../src/server/wallet/ledger.ts';

const [target = ''] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres') ? { url: target } : { dataDir: target },
);
const ids = (await database.db.select({ id: users.id }).from(users)).map((r) => r.id);
const anchor = ids[0]!;
const senders = ids.slice(1);
let i = 0;
process.stdout.write('ready\n');
const worker = async () => {
  for (;;) {
    const n = i++;
    const sender = senders[n % senders.length]!;
    try {
      await applyMoves(database.db, {
        key: `crash:${process.pid}:${n}`,
        kind: 'gift',
        moves: [
          { userId: sender, currency: 'gold', amount: -100, kind: 'gift_send' },
          { userId: anchor, currency: 'income', amount: giftSplit(100), kind: 'gift_income' },
        ],
      });
    } catch (err) {
      if (!(err instanceof InsufficientBalanceError)) throw err;
    }
    if (n % 50 === 0) process.stdout.write(`${n}\n`);
  }
};
await Promise.all(Array.from({ length: 32 }, worker));
