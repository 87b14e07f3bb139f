/**
 * An administrator's cancellation, from the console or the command line: it is started (or, when
 * an earlier one stopped half-way, taken up again) with an audit row in the same transaction,
 * then run to the end and announced to the room. A cancellation after the draw that the platform
 * reserve cannot cover stops with `quiz.errors.reserveShort`; once the platform account is topped
 * up (admin/reserve.ts), cancelling again finishes it from where it stopped.
 */
import { audit, type Actor } from '../staff/audit.ts';
import type { Db } from '../db/index.ts';
import type { Bus } from '../shared/bus.ts';
import { announceSettled } from './announce.ts';
import { runJob, startCancel, type Settled } from './settle.ts';

/** Cancels quiz `id` as `actor`; undefined when there was nothing left to run. */
export async function cancelQuiz(
  db: Db,
  bus: Bus,
  actor: Actor,
  id: number,
): Promise<Settled | undefined> {
  await startCancel(db, id, actor.id, new Date(), (tx, job, resumed) =>
    audit(tx, actor, 'quiz.cancel', `quiz:${id}`, { job, resumed }),
  );
  const settled = await runJob(db, id);
  if (settled) announceSettled(db, bus, settled);
  return settled;
}
