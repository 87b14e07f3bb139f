/**
 * Child process of ledger-crash.test.ts: opens the database given in argv, prints "ready", then
 * applies gift transfers without end until it is killed: 16 callers through applyMoves, one at
 * a time each, and 16 through a gift queue, which charges what waits in batches.
 */
import { openDatabase } from '../../src/server/db/index.ts';
import { GiftCharger } from '../../src/server/gifts/charge.ts';
import { users } from '../../src/server/db/schema.ts';
import { applyMoves, giftSplit, InsufficientBalanceError } from '../../src/server/wallet/ledger.ts';

const [target = ''] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres') ? { url: target } : { dataDir: target },
);
const ids = (await database.db.select({ id: users.id }).from(users)).map((r) => r.id);
const anchor = ids[0]!;
const senders = ids.slice(1);
const charger = new GiftCharger(database.db);
let i = 0;
process.stdout.write('ready\n');
const worker = async (w: number) => {
  for (;;) {
    const n = i++;
    const sender = senders[n % senders.length]!;
    if (w % 2 === 1) {
      const gift = { id: 1, price: 100, currency: 'gold' };
      const send = { senderId: sender, anchorId: anchor, gift, count: 1, at: new Date() };
      await charger.charge({ ...send, clientMsgId: `crash-${process.pid}-${n}` });
    } else {
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
    }
    if (n % 50 === 0) process.stdout.write(`${n}\n`);
  }
};
await Promise.all(Array.from({ length: 32 }, (_, w) => worker(w)));
