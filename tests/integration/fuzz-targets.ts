/**
 * What the abuse fuzz sends (tests/integration/abuse-fuzz.test.ts): the API's routes found in the
 * app, the fields each route reads found in the source of its schema, plausible values to get
 * past the other fields, the bad values to try, and a capture of the log while it runs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { createApi } from '../../src/server/app.ts';

/** Demo users the plausible values name. */
export const VIEWER = 100001;
/** The demo anchor whose room plausible values name. */
export const ANCHOR = 100003;

/** The server and shared sources, concatenated. */
function sources(): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
        texts.push(readFileSync(file, 'utf8'));
    }
  };
  walk(path.resolve('src/lib'));
  walk(path.resolve('src/server'));
  return texts.join('\n');
}

const SOURCE = sources();

/** Every `name: z…` of the sources: the fields calls read. */
function fieldNames(): string[] {
  return [
    ...new Set([...SOURCE.matchAll(/^\s+([a-z][a-z0-9_]*): z\b/gm)].map((m) => m[1]!)),
  ].sort();
}

/** The fields of the schema named `name` (its object literal's keys), found in the sources. */
function schemaFields(name: string): string[] {
  const at = SOURCE.search(new RegExp(`const ${name}\\b[^=]*=`));
  if (at === -1) return [];
  const body = SOURCE.slice(at, at + 4000).split(/\n(?:\}\)|\);|\}\);)/)[0]!;
  return [...new Set([...body.matchAll(/^\s+([a-z][a-z0-9_]*):/gm)].map((m) => m[1]!))];
}

/** Values a careless or hostile client sends. */
export const badValue = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 53,
      9_999_999_999,
      -1,
      0,
      1.5,
      1e308,
      '9999999999',
      '2147483648',
      '-1',
      '1e9',
      '',
      ' ',
      'q\u0000kilo',
      '\u0000',
      '\u202e\u200b',
      '\u2800\u3164',
      '\u{e0020}\u{1d173}\u{13430}\u0600',
      'ad\u200bmin',
      '\ud800',
      'a\u0007b',
      'x'.repeat(100_000),
      '<script>alert(1)</script>',
      "' or 1=1 --",
      true,
      false,
      null,
      [],
      [5],
      {},
      { nested: { deeper: ['\u0000'] } },
    ),
  },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Plausible values for well-known fields, so that a bad value in one field gets past the rest. */
const PLAUSIBLE: Record<string, unknown> = {
  mobile: '13900000001',
  anchor_id: ANCHOR,
  anchorid: ANCHOR,
  room_id: ANCHOR,
  user_id: VIEWER,
  uid: VIEWER,
  page: 1,
  size: 10,
  limit: 10,
  period: 'day',
  category: 6,
  equipment: 1,
  device: 1,
  cateid: 103,
  login_type: 1,
  pwd: 'demo1234',
  content: 'hello',
  keyword: 'goal',
  title: 'A title',
  count: 1,
  client_msg_id: 'fuzz-1',
  client_order_id: 'fuzz-order-1',
  amount_yuan: 10,
  x: 100,
  guess_id: 1,
  question: 'Next goal?',
  option_a: 'Home',
  option_b: 'Away',
  min_bet: 100,
  close_minutes: 10,
  winner: 1,
};

/** A whole plausible request: every known field, with a guess by name for the rest. */
export function plausibleInput(): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS.map((f) => [f, f in PLAUSIBLE ? PLAUSIBLE[f] : /(^|_)id$|id$/.test(f) ? 1 : 'x']),
  );
}

/** Plausible data of the client frames (join, chat, gift, moderation, match), field by field. */
export const FRAME_DATA: Record<string, unknown> = {
  groupId: String(ANCHOR),
  channel: 'OFFICIAL',
  id: '1',
  sig: 'x',
  content: 'hello',
  giftid: 1,
  count: 1,
  client_msg_id: 'fuzz-frame',
  source: 'wallet',
  matchId: 1,
  uid: VIEWER,
  unit: 'minute',
  amount: 1,
  reason: 'others',
  contact: [],
  props: { type: 101, props_id: 2 },
  guess_id: 1,
  option: 1,
};
export const FRAME_FIELDS = Object.keys(FRAME_DATA);

/** Answers that follow another party's protocol, not the envelope (payment notifications). */
export const NOT_ENVELOPES = ['/api/pay/notify/'];

export interface Route {
  method: 'GET' | 'POST';
  path: string;
  /** Fields of the schemas its handlers read, when found; empty means all known fields. */
  fields: string[];
}

function routesOf(): Route[] {
  const routes = new Map<string, Route>();
  for (const r of createApi({} as never).routes) {
    if ((r.method !== 'GET' && r.method !== 'POST') || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    const route = routes.get(key) ?? {
      method: r.method,
      path: r.path.replace(/:[a-z_]+/g, 'sandbox'),
      fields: [],
    };
    routes.set(key, route);
    // Under the test runner a call reads `(0,__vite_ssr_import_6__.input)(c, (0,__…__.schema))`.
    for (const m of r.handler.toString().matchAll(/input\)?\(\s*c,\s*(?:\(0,\s*)?([\w$.]+)/g)) {
      route.fields.push(...schemaFields(m[1]!.split('.').pop()!));
    }
  }
  return [...routes.values()];
}

/** Collects the log lines written while `run` runs. */
export async function capturingLog<T>(
  run: () => Promise<T>,
): Promise<{ result: T; errors: string[] }> {
  const errors: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const keep = (chunk: string | Uint8Array) => {
    const text = String(chunk);
    if (text.includes('"level":"error"') || /\n\s+at /.test(text)) errors.push(text.slice(0, 2000));
  };
  process.stdout.write = (chunk: string | Uint8Array, ...rest: never[]) => {
    keep(chunk);
    return out(chunk, ...rest);
  };
  process.stderr.write = (chunk: string | Uint8Array, ...rest: never[]) => {
    keep(chunk);
    return err(chunk, ...rest);
  };
  try {
    return { result: await run(), errors };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

export const ROUTES = routesOf();
export const FIELDS = [...new Set([...fieldNames(), ...ROUTES.flatMap((r) => r.fields)])].sort();

/** Values every field of every route gets once: the edges that once reached the database. */
export const EDGES: unknown[] = [
  2 ** 31,
  '2147483648',
  9_999_999_999,
  -1,
  1.5,
  '1e9',
  'q\u0000kilo',
  '\ud800',
  '\u2800\u{e0020}',
  'x'.repeat(100_000),
  [5],
  true,
  null,
  {},
];
