/**
 * `npm run admin -- <command>`: administration from the shell, on the database of the
 * environment (stop the server first when it runs on PGlite: one process at a time).
 *   anchors:list [verifying|verified|failed|all]   list anchor applications (ID numbers masked)
 *   anchors:approve <id>                           make the applicant an anchor with a live room
 *   anchors:reject <id> <reason...>                refuse with a reason; the user may apply again
 */
import { createI18n, DEFAULT_LOCALE } from '../src/lib/i18n/index.ts';
import type { ApplyState } from '../src/lib/validation/anchor-apply.ts';
import {
  approveApplication,
  listApplications,
  rejectApplication,
} from '../src/server/anchors/applications.ts';
import { openRuntime } from '../src/server/boot.ts';
import { readEnv } from '../src/server/env.ts';
import { ApiError } from '../src/server/http/envelope.ts';

const USAGE = `Usage:
  npm run admin -- anchors:list [verifying|verified|failed|all]
  npm run admin -- anchors:approve <id>
  npm run admin -- anchors:reject <id> <reason>`;

const [command, ...args] = process.argv.slice(2);
const STATES = ['verifying', 'verified', 'failed', 'all'] as const;

function applicationId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) {
    console.error(`${USAGE}\n\nThe application id must be a positive whole number.`);
    process.exit(2);
  }
  return id;
}

if (!command || !['anchors:list', 'anchors:approve', 'anchors:reject'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
const state = (args[0] ?? 'verifying') as ApplyState | 'all';
if (command === 'anchors:list' && !STATES.includes(state)) {
  console.error(USAGE);
  process.exit(2);
}
const id = command === 'anchors:list' ? 0 : applicationId(args[0]);
const reason = args.slice(1).join(' ').trim();
if (command === 'anchors:reject' && !reason) {
  console.error(`${USAGE}\n\nA reason is required.`);
  process.exit(2);
}

const rt = await openRuntime(readEnv({ ...process.env, LOG_REQUESTS: '0' }));
let code = 0;
try {
  if (command === 'anchors:list') {
    const list = await listApplications(rt.db, state, DEFAULT_LOCALE);
    if (list.length === 0) console.log(`No ${state === 'all' ? '' : `${state} `}applications.`);
    for (const a of list) {
      const when = new Date(a.created_at * 1000).toISOString().slice(0, 16).replace('T', ' ');
      console.log(
        [
          `#${a.id}`,
          a.status,
          `user ${a.user_id} (${a.nick_name})`,
          a.real_name,
          a.id_number,
          a.mobile,
          a.live_type_name,
          when,
          a.reason ? `reason: ${a.reason}` : '',
        ]
          .filter(Boolean)
          .join('  '),
      );
    }
  } else if (command === 'anchors:approve') {
    const { userId } = await approveApplication(rt.db, id, null, DEFAULT_LOCALE);
    console.log(`Application #${id} approved: user ${userId} is now an anchor with a live room.`);
  } else {
    await rejectApplication(rt.db, id, reason, null);
    console.log(`Application #${id} refused: ${reason}`);
  }
} catch (err) {
  if (!(err instanceof ApiError)) throw err;
  console.error(createI18n(DEFAULT_LOCALE)(err.key, err.params));
  code = 1;
} finally {
  await rt.database.close();
  await rt.bus.close();
}
process.exit(code);
