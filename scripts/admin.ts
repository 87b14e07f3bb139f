/**
 * `npm run admin -- <verb> [arguments]`: the operations console's verbs from the shell, on the
 * database of the environment (stop the server first when it runs on PGlite: one process at a
 * time). The verbs live by area in scripts/admin/; `npm run admin -- help` lists them. Exit
 * codes: 0 done, 1 refused (or ledger drift), 2 bad input with nothing changed.
 */
import { ApiError } from '../src/server/http/envelope.ts';
import { openRuntime } from '../src/server/boot.ts';
import { readEnv } from '../src/server/env.ts';
import type { Runtime } from '../src/server/runtime.ts';
import { anchorCommands } from './admin/anchors.ts';
import { BadInput, cliActor, t, type Command, type Run } from './admin/cli.ts';
import { inboxCommands } from './admin/inbox.ts';
import { ledgerCommands } from './admin/ledger.ts';
import { maintenanceCommands } from './admin/maintenance.ts';
import { reserveCommands } from './admin/reserve.ts';
import { settingsCommands } from './admin/settings.ts';
import { userCommands } from './admin/users.ts';

const COMMANDS: Record<string, Command> = {
  ...anchorCommands,
  ...settingsCommands,
  ...maintenanceCommands,
  ...userCommands,
  ...inboxCommands,
  ...ledgerCommands,
  ...reserveCommands,
};

const WIDE = 46;
const verbs = Object.entries(COMMANDS).map(([verb, c]) => {
  const call = `${verb} ${c.args}`.trim();
  return call.length > WIDE
    ? `  ${call}\n  ${''.padEnd(WIDE)}  ${c.help}`
    : `  ${call.padEnd(WIDE)}  ${c.help}`;
});
const USAGE = `Usage: npm run admin -- <verb> [arguments]

${verbs.join('\n')}

Runs on DATABASE_URL, else on PGlite under DATA_DIR (stop the server first: one process at a
time). Changes are audited as "command line (<os user>)". Bans and logouts end the sessions in
the database; with REDIS_URL running servers also close the user's sockets at once, without it
sockets already open stay until they reconnect. Exit codes: 0 done, 1 refused or ledger drift,
2 bad input (nothing changed).`;

/** One line of bad input: the problem and the verb's usage. */
function badInput(verb: string, message: string): string {
  return `${message.replace(/\.$/, '')} (usage: npm run admin -- ${`${verb} ${COMMANDS[verb]!.args}`.trim()})`;
}

/** Opens the runtime; its startup log lines, meant for a server's log, are kept off stdout. */
async function openQuietly(): Promise<Runtime> {
  const { stdout } = process;
  const write = stdout.write.bind(stdout);
  const quiet = (chunk: unknown, ...rest: unknown[]): boolean =>
    (typeof chunk === 'string' &&
      chunk.startsWith('{"time":') &&
      chunk.includes('"level":"info"')) ||
    (Reflect.apply(write, stdout, [chunk, ...rest]) as boolean);
  stdout.write = quiet;
  try {
    return await openRuntime(readEnv({ ...process.env, LOG_REQUESTS: '0' }));
  } finally {
    // Back to the stream's own method (the prototype's), not a bound copy.
    delete (stdout as { write?: unknown }).write;
  }
}

const [verb = '', ...args] = process.argv.slice(2);
if (['help', '--help', '-h'].includes(verb)) {
  console.log(USAGE);
  process.exit(0);
}
if (!Object.hasOwn(COMMANDS, verb)) {
  console.error(verb ? `Unknown verb "${verb}".\n\n${USAGE}` : USAGE);
  process.exit(2);
}

let run: Run;
try {
  run = COMMANDS[verb]!.parse(args);
} catch (err) {
  if (!(err instanceof BadInput)) throw err;
  console.error(badInput(verb, err.message));
  process.exit(2);
}

const rt = await openQuietly();
let code = 0;
try {
  code = (await run({ rt, actor: cliActor() })) ?? 0;
} catch (err) {
  if (err instanceof BadInput) {
    console.error(badInput(verb, err.message));
    code = 2;
  } else if (err instanceof ApiError) {
    console.error(err.literal ? err.key : t(err.key, err.params));
    code = 1;
  } else throw err;
} finally {
  await rt.database.close();
  await rt.bus.close();
  await rt.shared.close();
}
process.exit(code);
