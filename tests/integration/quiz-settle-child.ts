/**
 * Child process of quiz-crash.test.ts: opens the database given in argv and settles the quiz
 * given there in chunks of 200, printing how many stakes it settled after each, until it is
 * killed (or, if nobody kills it, until the settlement ends: then it prints "done").
 */
import { openDatabase } from '../../src/server/db/index.ts';
import { runJob } from '../../src/server/quiz/settle.ts';

const [target = '', quizId = '0'] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres') ? { url: target } : { dataDir: target },
);
await runJob(database.db, Number(quizId), {
  chunk: 200,
  onChunk: (settled) => process.stdout.write(`${settled}\n`),
});
process.stdout.write('done\n');
await database.close();
