/** `feedback:list` and `recharges:list`: the newest feedback and recharge orders, one page each. */
import { pageRequest, RECHARGE_FILTERS } from '../../src/lib/validation/admin.ts';
import { listFeedback, listRechargeOrders } from '../../src/server/admin/inbox.ts';
import { BadInput, clock, money, t, validate, type Command, type Run } from './cli.ts';

const feedback: Run = async ({ rt }) => {
  const list = await listFeedback(rt.db);
  if (list.length === 0) console.log('No feedback.');
  for (const f of list) {
    const from = f.user_id ? `user ${f.user_id} (${f.nick_name})` : t('admin.feedback.guest');
    const contact = f.contact ? `  ${t('admin.feedback.contact', { contact: f.contact })}` : '';
    const kind = t(`admin.feedback.kinds.${f.kind}`, { defaultValue: f.kind });
    console.log(`#${f.id}  ${clock(f.created_at)}  ${kind}  ${from}${contact}`);
    for (const line of f.content.split('\n')) console.log(`    ${line}`);
  }
};

/** The verbs of the inbox. */
export const inboxCommands: Record<string, Command> = {
  'feedback:list': {
    args: '',
    help: 'the newest feedback messages (one page)',
    parse: () => feedback,
  },
  'recharges:list': {
    args: `[${RECHARGE_FILTERS.join('|')}]`,
    help: 'the newest recharge orders (one page; price in yuan, gems in units)',
    parse([status = 'all']) {
      if (!(RECHARGE_FILTERS as readonly string[]).includes(status)) {
        throw new BadInput(`Unknown state "${status}"; one of ${RECHARGE_FILTERS.join(', ')}.`);
      }
      const page = validate(pageRequest, { status }, { status: 'state' });
      return async ({ rt }) => {
        const list = await listRechargeOrders(rt.db, page.status);
        if (list.length === 0) console.log('No recharge orders.');
        for (const o of list) {
          console.log(
            [
              o.order_no,
              o.status,
              `user ${o.user_id} (${o.nick_name})`,
              `price ${money(o.amount_fen)}`,
              `gems ${money(o.gold)}`,
              o.provider,
              `created ${clock(o.created_at)}`,
              o.paid_at ? `paid ${clock(o.paid_at)}` : '',
              o.paid_late ? t('admin.recharges.late') : '',
              o.fail_reason ? `reason: ${o.fail_reason}` : '',
            ]
              .filter(Boolean)
              .join('  '),
          );
        }
      };
    },
  },
};
