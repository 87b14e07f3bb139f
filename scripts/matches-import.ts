/**
 * `npm run matches:import -- FILE`: imports a saved football-data.org v4 match list (the answer
 * of GET /v4/matches or /v4/competitions/{code}/matches) into the database of the environment,
 * as `npm start` opens it (DATABASE_URL, else PGlite under DATA_DIR: stop the server first, one
 * process at a time). Prints what was created, matched, updated and skipped. With REDIS_URL the
 * score updates also reach the match centres open on the running servers. Exit codes: 0 done,
 * 2 bad input (no file, unreadable, not JSON or not a match list; nothing changed).
 */
import { readFileSync } from 'node:fs';
import { SERVER_FRAME } from '../src/lib/realtime/protocol/index.ts';
import { openRuntime } from '../src/server/boot.ts';
import { readEnv } from '../src/server/env.ts';
import { importMatches, type ImportReport } from '../src/server/sports/feed/import.ts';
import { FeedFormatError, readResponse } from '../src/server/sports/feed/provider.ts';
import { onMatchLive } from '../src/server/sports/match-live.ts';

const USAGE = `Usage: npm run matches:import -- FILE

FILE is a saved football-data.org v4 match list, for example
  curl -H "X-Auth-Token: $FOOTBALL_DATA_KEY" "https://api.football-data.org/v4/matches" > matches.json
Runs on DATABASE_URL, else on PGlite under DATA_DIR (stop the server first: one process at a time).`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The file's JSON, or exit 2 with one line saying what is wrong with it. */
function readSaved(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail(`No such file: ${file}`);
    if (code === 'EISDIR') fail(`${file} is a folder, not a saved response.`);
    fail(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    fail(`${file} is not JSON (${(error as Error).message}).`);
  }
}

function summary(file: string, report: ImportReport): string {
  const { leagues, teams, matches, published, skipped } = report;
  const lines = [
    `Imported ${file}:`,
    `  leagues  ${leagues.created} created, ${leagues.matched} matched`,
    `  teams    ${teams.created} created, ${teams.matched} matched`,
    `  matches  ${matches.created} created, ${matches.updated} updated, ${matches.unchanged} unchanged (${published} score updates sent)`,
    `  skipped  ${skipped.length}`,
    ...skipped.map((s) => `    #${s.index}${s.id === null ? '' : ` (match ${s.id})`}: ${s.reason}`),
  ];
  return lines.join('\n');
}

const [file, ...extra] = process.argv.slice(2);
if (file === '--help' || file === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (!file || extra.length > 0) fail(USAGE);

const saved = readSaved(file);
try {
  // Checked before the database is opened: a file that is no match list changes nothing.
  readResponse(saved);
} catch (error) {
  if (error instanceof FeedFormatError) fail(`${file} is ${error.message}.`);
  throw error;
}

// The runtime's JSON lines are for a server's log; this prints its own summary (errors still
// reach stderr).
const write = process.stdout.write.bind(process.stdout);
const quiet = (chunk: unknown, ...rest: unknown[]): boolean =>
  (typeof chunk === 'string' && chunk.startsWith('{"time":')) ||
  (Reflect.apply(write, process.stdout, [chunk, ...rest]) as boolean);
process.stdout.write = quiet;
const rt = await openRuntime(readEnv({ ...process.env, LOG_REQUESTS: '0' }));

// As the hub does: each score update goes to every process's viewers of the match.
const stop = onMatchLive((message) =>
  rt.bus.publish({
    kind: 'match',
    matchId: message.matchId,
    frame: { type: SERVER_FRAME.matchLive, data: message },
  }),
);
let code = 0;
try {
  console.log(summary(file, await importMatches(rt.db, saved)));
} catch (error) {
  console.error(`Import failed, nothing was changed: ${(error as Error).message}`);
  code = 1;
} finally {
  stop();
  await rt.database.close();
  await rt.bus.close();
  await rt.shared.close();
}
process.exit(code);
