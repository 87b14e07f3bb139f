/**
 * The realtime benchmark's cases: BENCH_ONLY=kind:clients:rate,... names them, BENCH_QUICK=1
 * picks a small subset, and otherwise the whole matrix runs. A `cluster` case runs right after
 * the single-process `hub` case of its size, which is added when not named.
 */
import type { Kind } from './clients.ts';

/** A case's server: one process of ours or of socket.io, or our cluster. */
export type Case = Kind | 'cluster';

/** A case: its server, clients and chat messages per second. */
export type CaseSpec = [Case, number, number];

/** Whether two cases are the same. */
export const same = (a: CaseSpec, b: CaseSpec) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** BENCH_ONLY=hub:10000:100,socketio:1000:100,cluster:2000:50 runs just those cases. */
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .filter(Boolean)
  .map((c) => c.split(':'))
  .map(([kind, clients, rate]): CaseSpec => [
    kind === 'socketio' || kind === 'cluster' ? kind : 'hub',
    Number(clients),
    Number(rate),
  ]);

const cases: CaseSpec[] = only.length
  ? only
  : process.env.BENCH_QUICK === '1'
    ? [
        ['hub', 1000, 100],
        ['socketio', 1000, 100],
      ]
    : [
        ['hub', 1000, 10],
        ['hub', 1000, 100],
        ['hub', 1000, 500],
        ['hub', 5000, 10],
        ['hub', 5000, 100],
        ['hub', 5000, 500],
        ['hub', 10000, 10],
        ['hub', 10000, 100],
        ['hub', 10000, 500],
        // socket.io already falls behind at 1,000 clients and 100 msg/s (its queue grows by
        // seconds a second); bigger rooms only take minutes longer to show the same.
        ['socketio', 1000, 10],
        ['socketio', 1000, 100],
        // One room over two app processes and Redis, beside one process of the same size.
        ['cluster', 2000, 50],
      ];

/** The cases to run, in order. */
export const matrix = cases.flatMap((c): CaseSpec[] => {
  const single: CaseSpec = ['hub', c[1], c[2]];
  return c[0] === 'cluster' && !cases.some((d) => same(d, single)) ? [single, c] : [c];
});
