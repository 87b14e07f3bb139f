/** `settings:*` and `chat:set`: the common config's switches and addresses, and the chat rules. */
import { type ChatConfig } from '../../src/lib/rules/chat.ts';
import {
  ADMIN_SETTINGS,
  chatConfigRequest,
  setSettingRequest,
  type AdminSettingKey,
} from '../../src/lib/validation/admin.ts';
import { listSettings, setChatConfig, setSetting } from '../../src/server/admin/settings.ts';
import { loadChatConfig } from '../../src/server/live/chat.ts';
import { BadInput, clock, columns, numberArg, t, validate, type Command, type Run } from './cli.ts';

type Rule = keyof Omit<ChatConfig, 'id'>;
const RULES = Object.keys(chatConfigRequest.shape) as Rule[];

/** A value as `settings:list` prints it: switches with their meaning, empty text visible. */
function shown(kind: string, value: number | string): string {
  if (kind === 'switch') return `${value} (${value ? 'on' : 'off'})`;
  return value === '' ? '(empty)' : String(value);
}

const list: Run = async ({ rt }) => {
  const settings = await listSettings(rt.db);
  console.log('Settings (settings:set <key> <value>):');
  const rows = settings.map((s) => [
    s.key,
    shown(s.kind, s.value),
    t(`admin.settings.meaning.${s.key}`),
    s.updated_at ? `changed ${clock(s.updated_at)}` : '',
  ]);
  for (const line of columns(rows)) console.log(line);
  const rules = await loadChatConfig(rt.db);
  console.log('Chat rules (chat:set <rule>=<n>):');
  const ruleRows = RULES.map((r) => [r, String(rules[r]), t(`admin.settings.rules.${r}`)]);
  for (const line of columns(ruleRows)) console.log(line);
};

/** The verbs of settings and chat rules. */
export const settingsCommands: Record<string, Command> = {
  'settings:list': {
    args: '',
    help: 'every setting with its value, then the chat rules',
    parse: () => list,
  },
  'settings:set': {
    args: '<key> <value>',
    help: 'change one setting (switches 0 or 1; an empty address is "")',
    parse(args) {
      if (args.length !== 2) throw new BadInput('Give one key and one value.');
      const [key, raw] = args as [string, string];
      const kind = ADMIN_SETTINGS[key as AdminSettingKey] as string | undefined;
      const value = kind === 'switch' || kind === 'count' ? numberArg(raw) : raw;
      const setting = validate(setSettingRequest, { key, value }, { key, value: key });
      return async ({ rt, actor }) => {
        await setSetting(rt.db, actor, setting.key, setting.value);
        console.log(`${setting.key} is now ${shown(kind!, setting.value)}.`);
      };
    },
  },
  'chat:set': {
    args: '<rule>=<n> [...]',
    help: 'change chat rules, keeping the others (rules as settings:list names them)',
    parse(args) {
      if (args.length === 0) throw new BadInput('Give at least one <rule>=<n>.');
      const changes: Partial<Record<Rule, unknown>> = {};
      for (const arg of args) {
        const [, rule, raw] = /^([a-z_]+)=(.*)$/.exec(arg) ?? [];
        if (!rule || !RULES.includes(rule as Rule)) {
          throw new BadInput(`Unknown chat rule "${arg}"; the rules: ${RULES.join(', ')}.`);
        }
        changes[rule as Rule] = numberArg(raw);
      }
      return async ({ rt, actor }) => {
        // The schema keeps the rules and drops the stored id, which setChatConfig keeps.
        const current = await loadChatConfig(rt.db);
        const rules = validate(chatConfigRequest, { ...current, ...changes });
        await setChatConfig(rt.db, actor, rules);
        for (const rule of Object.keys(changes) as Rule[]) {
          console.log(`${rule}: ${current[rule]} -> ${rules[rule]}`);
        }
      };
    },
  },
};
