/** `maintenance:*`: the web's maintenance records, which drive the site's maintenance dialog. */
import { parseArgs } from 'node:util';
import { maintenanceRequest } from '../../src/lib/validation/admin.ts';
import {
  addMaintenance,
  listMaintenance,
  removeMaintenance,
} from '../../src/server/admin/maintenance.ts';
import { BadInput, clock, positiveId, t, validate, type Command, type Run } from './cli.ts';

const TIME_EXAMPLE = 'an ISO time such as 2026-12-01T02:00+08:00';

/** Unix seconds of an ISO time flag (without an offset: this machine's time zone). */
function seconds(flag: string, value: string | undefined, required: boolean): number {
  if (value === undefined) {
    if (required) throw new BadInput(`--${flag} is required: ${TIME_EXAMPLE}.`);
    return 0;
  }
  const ms = Date.parse(value);
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(ms)) {
    throw new BadInput(`--${flag} "${value}" is not ${TIME_EXAMPLE}.`);
  }
  return Math.floor(ms / 1000);
}

const FLAGS = {
  'title-zh': { type: 'string' },
  'title-en': { type: 'string' },
  'content-zh': { type: 'string' },
  'content-en': { type: 'string' },
  start: { type: 'string' },
  end: { type: 'string' },
  remind: { type: 'string' },
} as const;

/** The schema's field names as the flags spell them. */
const NAMES = {
  title_zh: '--title-zh',
  title_en: '--title-en',
  content_zh: '--content-zh',
  content_en: '--content-en',
  start_time: '--start',
  end_time: '--end',
  remind_time: '--remind',
};

const list: Run = async ({ rt }) => {
  const list = await listMaintenance(rt.db);
  if (list.length === 0) console.log('No maintenance records.');
  const now = Date.now() / 1000;
  for (const m of list) {
    const state = m.start_time > now ? 'upcoming' : m.end_time > now ? 'ongoing' : 'past';
    const remind = m.remind_time ? `  reminders from ${clock(m.remind_time)}` : '';
    console.log(
      `#${m.id}  ${t(`admin.maintenance.${state}`)}  ${clock(m.start_time)} to ${clock(m.end_time)}${remind}`,
    );
    console.log(`    ${m.title_en}: ${m.content_en}`);
    console.log(`    ${m.title_zh}: ${m.content_zh}`);
  }
};

/** The verbs of maintenance records. */
export const maintenanceCommands: Record<string, Command> = {
  'maintenance:list': {
    args: '',
    help: 'maintenance records, the latest ending first',
    parse: () => list,
  },
  'maintenance:add': {
    args: '--title-zh .. --title-en .. --content-zh .. --content-en .. --start <ISO time> --end <ISO time> [--remind <ISO time>]',
    help: 'plan maintenance; the site shows its dialog from the reminder time',
    parse(args) {
      let values: Partial<Record<keyof typeof FLAGS, string>>;
      try {
        ({ values } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false }));
      } catch (err) {
        throw new BadInput((err as Error).message);
      }
      const record = validate(
        maintenanceRequest,
        {
          title_zh: values['title-zh'],
          title_en: values['title-en'],
          content_zh: values['content-zh'],
          content_en: values['content-en'],
          start_time: seconds('start', values.start, true),
          end_time: seconds('end', values.end, true),
          remind_time: seconds('remind', values.remind, false),
        },
        NAMES,
      );
      return async ({ rt, actor }) => {
        const id = await addMaintenance(rt.db, actor, record);
        const remind = record.remind_time ? `, reminders from ${clock(record.remind_time)}` : '';
        console.log(
          `Maintenance #${id} planned: ${clock(record.start_time)} to ${clock(record.end_time)}${remind}.`,
        );
      };
    },
  },
  'maintenance:remove': {
    args: '<id>',
    help: 'remove a record planned by mistake or called off',
    parse([value]) {
      const id = positiveId(value, 'maintenance id');
      return async ({ rt, actor }) => {
        await removeMaintenance(rt.db, actor, id);
        console.log(`Maintenance #${id} removed.`);
      };
    },
  },
};
