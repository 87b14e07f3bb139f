/**
 * `reserve:*` and `quiz:cancel`: the platform account that covers what a cancellation after the
 * draw cannot take back, its top-up with money paid in by the owner (one ledger operation and an
 * audit row), and cancelling a quiz, or finishing a cancellation that stopped on the reserve.
 */
import type { ReserveView } from '../../src/lib/admin/views.ts';
import { QUIZ_STATUS } from '../../src/lib/quiz/types.ts';
import { topUpRequest } from '../../src/lib/validation/admin.ts';
import { reserveView, topUpPlatform } from '../../src/server/admin/reserve.ts';
import { ApiError } from '../../src/server/http/envelope.ts';
import { cancelQuiz } from '../../src/server/quiz/cancel.ts';
import { QuizError } from '../../src/server/quiz/service.ts';
import { findQuiz } from '../../src/server/quiz/views.ts';
import { BadInput, columns, money, positiveId, t, validate, type Command } from './cli.ts';

/** Gems as typed ("250", "1234.5") in minor units, or BadInput. */
function gems(value: string | undefined): number {
  if (value === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) {
    throw new BadInput('The amount must be gems, with at most two decimals (e.g. 5000 or 12.50).');
  }
  const [whole = '0', cents = ''] = value.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

function printReserve(r: ReserveView): void {
  console.log(
    columns([
      [`${t('admin.reserve.platform')}:`, money(r.platform)],
      [`${t('admin.reserve.escrow')}:`, money(r.escrow)],
      [`${t('admin.reserve.paidIn')}:`, money(r.paid_in)],
    ]).join('\n'),
  );
  console.log(`${t('admin.reserve.unfinished')}:${r.cancellations.length ? '' : ' none'}`);
  const rows = r.cancellations.map((c) => [
    `#${c.guess_id}`,
    c.question,
    t(`admin.reserve.job.${c.job}`),
    `${t('admin.reserve.need')} ${money(c.need)}`,
    c.short ? `${t('admin.reserve.short')} ${money(c.short)}` : t('admin.reserve.covered'),
  ]);
  for (const line of columns(rows)) console.log(line);
}

/** The verbs of the platform reserve. */
export const reserveCommands: Record<string, Command> = {
  'reserve:show': {
    args: '',
    help: "the platform account's gems, the escrow, top-ups so far, unfinished cancellations",
    parse:
      () =>
      async ({ rt }) =>
        printReserve(await reserveView(rt.db)),
  },
  'reserve:topup': {
    args: '<gems> <reason...>',
    help: 'pay gems into the platform account (owner capital), audited with the reason',
    parse([amount, ...reason]) {
      const topUp = validate(topUpRequest, { amount: gems(amount), reason: reason.join(' ') });
      return async ({ rt, actor }) => {
        const done = await topUpPlatform(rt.db, actor, topUp);
        console.log(
          `Platform account topped up by ${money(done.amount)} gems; it holds ${money(done.platform)}.`,
        );
      };
    },
  },
  'quiz:cancel': {
    args: '<quiz id>',
    help: 'cancel a quiz (after its draw: take back the winnings), or finish a stopped one',
    parse([id]) {
      const quizId = positiveId(id, 'quiz id');
      return async ({ rt, actor }) => {
        try {
          await cancelQuiz(rt.db, rt.bus, actor, quizId);
        } catch (err) {
          if (!(err instanceof QuizError)) throw err;
          throw new ApiError(`${t('quiz.failed.cancel')}: ${t(err.key)}`, { literal: true });
        }
        const quiz = await findQuiz(rt.db, quizId);
        const how = quiz?.status === QUIZ_STATUS.revoked ? 'after its draw' : 'before its draw';
        console.log(`Quiz ${quizId} cancelled ${how}: every stake is settled.`);
      };
    },
  },
};
