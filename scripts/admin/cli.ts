/**
 * What every verb of `npm run admin` shares: the command shape, bad input (exit 2, nothing
 * changed), the actor written to the audit trail, and plain-text formatting of ids, money and
 * times.
 */
import os from 'node:os';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { createI18n, DEFAULT_LOCALE } from '../../src/lib/i18n/index.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { firstIssueMessage } from '../../src/lib/validation/messages.ts';
import { findControlText } from '../../src/lib/validation/text.ts';
import type { Actor } from '../../src/server/staff/audit.ts';
import { banEndText } from '../../src/server/auth/bans.ts';
import type { Runtime } from '../../src/server/runtime.ts';

/** The command line's messages, in the console's default language. */
export const t: TFunction = createI18n(DEFAULT_LOCALE);

/** What a verb runs with once its arguments are good. */
export interface Context {
  rt: Runtime;
  actor: Actor;
}

/** A verb's work on the open runtime; resolves to its exit code (0 when nothing is returned). */
export type Run = (ctx: Context) => Promise<number | void>;

/** One verb: its arguments as the usage shows them, a line of help, and its argument parser. */
export interface Command {
  args: string;
  help: string;
  /** Checks the arguments (throwing BadInput) before anything is opened; returns the work. */
  parse: (args: string[]) => Run;
}

/** Input the command line refuses: one line on stderr, exit code 2, nothing changed. */
export class BadInput extends Error {}

/** The audit trail's actor for this shell: no user id, the operating-system user by name. */
export function cliActor(): Actor {
  return { id: null, label: `command line (${osUser()})` };
}

function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // A container user without a passwd entry has no name to read.
    return process.env.USER ?? String(process.getuid?.() ?? 'unknown');
  }
}

/** A positive whole number from an argument, or BadInput naming `what`. */
export function positiveId(value: string | undefined, what: string): number {
  const id = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) {
    throw new BadInput(`The ${what} must be a positive whole number.`);
  }
  return id;
}

/** An argument as the schemas expect it: numeric text as a number, anything else unchanged. */
export function numberArg(value: string | undefined): unknown {
  return value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
}

/**
 * Validates `value` with one of the API's schemas (control characters refused as the API does);
 * the first problem becomes BadInput, its field named as the command line spells it (`names`).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  names: Record<string, string> = {},
): z.infer<S> {
  const field = (path: PropertyKey[]) => {
    const name = path.map(String).join('.');
    return names[name] ?? name;
  };
  const unsafe = findControlText(value);
  if (unsafe !== null) {
    throw new BadInput(`${field(unsafe.split('.'))}: ${t('validation.controlChars')}`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  let message = firstIssueMessage(parsed.error, t);
  if (issue?.code === 'too_small' && issue.origin === 'number') {
    message += ` (at least ${String(issue.minimum)})`;
  }
  if (issue?.code === 'too_big' && issue.origin === 'number') {
    message += ` (at most ${String(issue.maximum)})`;
  }
  const name = issue ? field(issue.path) : '';
  throw new BadInput(name && !message.includes(`: ${name}`) ? `${name}: ${message}` : message);
}

/** Minor units (1/100) as units with two decimals: 123456 → "1,234.56". */
export const money = (minor: number): string => formatMoney(minor);

/** Unix seconds in the site's time zone ("2026-11-26 21:05 GMT+8"), or "-" for 0. */
export const clock = (seconds: number): string => (seconds ? banEndText(seconds) : '-');

/** Rows of cells as lines with every column but the last padded to its widest cell. */
export function columns(rows: string[][], indent = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  }
  return rows.map(
    (row) =>
      indent +
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
  );
}
