/** `anchors:*`: the anchor applications, listed, approved or refused with a reason. */
import { DEFAULT_LOCALE } from '../../src/lib/i18n/index.ts';
import type { ApplyState } from '../../src/lib/validation/anchor-apply.ts';
import {
  approveApplication,
  listApplications,
  rejectApplication,
} from '../../src/server/anchors/applications.ts';
import { BadInput, positiveId, type Command } from './cli.ts';

const STATES = ['verifying', 'verified', 'failed', 'all'] as const;

/** The verbs of anchor applications. */
export const anchorCommands: Record<string, Command> = {
  'anchors:list': {
    args: '[verifying|verified|failed|all]',
    help: 'list anchor applications (ID numbers masked)',
    parse([value = 'verifying']) {
      const state = value as ApplyState | 'all';
      if (!STATES.includes(state)) throw new BadInput(`Unknown state "${value}".`);
      return async ({ rt }) => {
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
      };
    },
  },
  'anchors:approve': {
    args: '<id>',
    help: 'make the applicant an anchor with a live room',
    parse([value]) {
      const id = positiveId(value, 'application id');
      return async ({ rt }) => {
        const { userId } = await approveApplication(rt.db, id, null, DEFAULT_LOCALE);
        console.log(
          `Application #${id} approved: user ${userId} is now an anchor with a live room.`,
        );
      };
    },
  },
  'anchors:reject': {
    args: '<id> <reason...>',
    help: 'refuse with a reason; the user may apply again',
    parse([value, ...words]) {
      const id = positiveId(value, 'application id');
      const reason = words.join(' ').trim();
      if (!reason) throw new BadInput('A reason is required.');
      return async ({ rt }) => {
        await rejectApplication(rt.db, id, reason, null);
        console.log(`Application #${id} refused: ${reason}`);
      };
    },
  },
};
