/**
 * The database in the metrics: top-level transactions (how long, how many at once, against
 * the pool's size) and a round-trip probe, a `select 1` every few seconds, which shows the
 * time a query waits for a connection and the server when the pool is busy.
 */
import { sql } from 'drizzle-orm';
import { gauge, histogram, secondsSince } from '../metrics.ts';
import type { Db } from './types.ts';

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const transactions = histogram(
  'db_transaction_seconds',
  'Top-level database transactions, from asking for a connection to commit or rollback',
  ['result'],
  SECONDS,
);
const probes = histogram(
  'db_probe_seconds',
  'Round trip of a select 1 sent every few seconds (waiting for a connection included)',
  [],
  SECONDS,
);

let inFlight = 0;
gauge(
  'db_transactions_in_flight',
  'Top-level transactions running or waiting for a connection',
  () => inFlight,
);

/** Times `db`'s top-level transactions, and publishes its pool's size. */
export function instrument(db: Db, poolSize: number): void {
  gauge('db_pool_max', 'Connections the database pool may open', () => poolSize);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    const started = performance.now();
    inFlight += 1;
    let result = 'commit';
    try {
      return await transaction(...args);
    } catch (error) {
      result = 'rollback';
      throw error;
    } finally {
      inFlight -= 1;
      transactions.observe({ result }, secondsSince(started));
    }
  }) as Db['transaction'];
}

/** How often the probe runs. */
export const PROBE_MS = 5000;

/** Sends the probe every PROBE_MS; returns its stop. */
export function startProbe(db: Db): () => void {
  const timer = setInterval(() => {
    const started = performance.now();
    db.execute(sql`select 1`).then(
      () => probes.observe({}, secondsSince(started)),
      () => {},
    );
  }, PROBE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
