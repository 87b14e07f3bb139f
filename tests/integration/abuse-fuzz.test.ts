/**
 * Abuse: generated bad input against every API route and every realtime frame type. Wrong
 * types, numbers out of range, control characters, huge strings and odd shapes must get a clear
 * refusal (or a normal answer), never 'Something went wrong', and never an error in the log.
 * Routes come from the API app itself and field names from the source, so new routes and fields
 * are fuzzed without editing this file. Fixed seeds; a failure prints the seed and the input.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_FRAME, SERVER_FRAME, type ErrorData } from '../../src/lib/realtime/protocol.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/auth/sessions.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  connect,
  guestJoin,
  joinAsUser,
  startHubServer,
  userJoin,
  type HubServer,
} from './realtime-helpers.ts';

const VIEWER = 100001;
const MANAGER = 100004;
const ANCHOR = 100003;
const ADMIN = 100005;
/** Generated inputs per route and caller. */
const RUNS_PER_ROUTE = 5;
const SERVER_ERRORS = ['Something went wrong', '服务器开小差', 'server error'];

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
const badValue = fc.oneof(
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
};

/** A whole plausible request: every known field, with a guess by name for the rest. */
function plausibleInput(): Record<string, unknown> {
  return Object.fromEntries(
    FIELDS.map((f) => [f, f in PLAUSIBLE ? PLAUSIBLE[f] : /(^|_)id$|id$/.test(f) ? 1 : 'x']),
  );
}

/** Plausible data of the client frames (join, chat, gift, moderation, match), field by field. */
const FRAME_DATA: Record<string, unknown> = {
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
};
const FRAME_FIELDS = Object.keys(FRAME_DATA);

/** Answers that follow another party's protocol, not the envelope (payment notifications). */
const NOT_ENVELOPES = ['/api/pay/notify/'];

interface Route {
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
async function capturingLog<T>(run: () => Promise<T>): Promise<{ result: T; errors: string[] }> {
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

const ROUTES = routesOf();
const FIELDS = [...new Set([...fieldNames(), ...ROUTES.flatMap((r) => r.fields)])].sort();

/** Values every field of every route gets once: the edges that once reached the database. */
const EDGES: unknown[] = [
  2 ** 31,
  '2147483648',
  9_999_999_999,
  -1,
  1.5,
  '1e9',
  'q\u0000kilo',
  '\ud800',
  'x'.repeat(100_000),
  [5],
  true,
  null,
  {},
];

describe.each(DB_KINDS)('fuzzing every call with bad input (%s)', (kind) => {
  let t: TestRuntime;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    t = await openTestRuntime(kind, { CAPTCHA_TEST_SOLUTION: '1' });
    tokens = {
      guest: '',
      viewer: await createSession(t.rt.db, VIEWER, 'fuzz'),
      admin: await createSession(t.rt.db, ADMIN, 'fuzz'),
    };
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('knows the routes and fields it fuzzes', () => {
    expect(ROUTES.length).toBeGreaterThan(80);
    for (const field of ['anchor_id', 'mobile', 'content', 'amount_yuan', 'replay_id']) {
      expect(FIELDS).toContain(field);
    }
    const rankings = ROUTES.find((r) => r.path === '/api/live/rankings');
    expect(rankings?.fields).toContain('anchor_id');
    expect(ROUTES.filter((r) => r.fields.length > 0).length).toBeGreaterThan(40);
  });

  /** One request; returns what is wrong with the answer, or null. */
  async function probe(route: Route, who: string, input: Record<string, unknown>, lang: string) {
    const app = createApi(t.rt);
    const headers: Record<string, string> = { lang, 'content-type': 'application/json' };
    if (tokens[who]) headers.authorization = `Bearer ${tokens[who]}`;
    let url = route.path;
    let body: string | undefined;
    if (route.method === 'GET') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(input)) {
        query.set(k, typeof v === 'string' ? v : JSON.stringify(v));
      }
      url += `?${query}`;
    } else body = JSON.stringify(input);
    const res = await app.request(url, { method: route.method, headers, body });
    const text = await res.text();
    if (res.status >= 500) return `HTTP ${res.status}`;
    if (SERVER_ERRORS.some((e) => text.includes(e))) return `server error: ${text.slice(0, 200)}`;
    // Pages of the sandbox checkout and the ingest's hooks (HTTP status only) are not envelopes.
    if (!(res.headers.get('content-type') ?? '').includes('application/json')) return null;
    if (NOT_ENVELOPES.some((p) => route.path.startsWith(p))) return null;
    const envelope = JSON.parse(text) as { status: number; msg: string };
    if (![0, 1, 2, 301].includes(envelope.status)) return `status ${envelope.status}`;
    if (envelope.status === 1 && !envelope.msg) return 'a refusal without a message';
    return null;
  }

  it('answers every API route clearly, whoever calls and whatever they send', async () => {
    // Half the inputs are a few bad fields alone, half a plausible request with one or two
    // fields made bad, which reaches past the checks of the other fields.
    const base = plausibleInput();
    const inputOf = (route: Route) => {
      const names = route.fields.length ? [...new Set(route.fields)] : FIELDS;
      return fc.tuple(
        fc.oneof(
          fc.dictionary(fc.constantFrom(...names, ...FIELDS), badValue, { minKeys: 1, maxKeys: 4 }),
          fc
            .dictionary(fc.constantFrom(...names), badValue, { minKeys: 1, maxKeys: 2 })
            .map((fields) => ({ ...base, ...fields })),
        ),
        fc.constantFrom('en', 'zh_cn'),
      );
    };
    const { result, errors } = await capturingLog(async () => {
      const problems: string[] = [];
      for (const [r, route] of ROUTES.entries()) {
        for (const who of ['guest', 'viewer', 'admin']) {
          const seed = r * 7 + who.length;
          for (const [fields, lang] of fc.sample(inputOf(route), {
            numRuns: RUNS_PER_ROUTE,
            seed,
          })) {
            const problem = await probe(route, who, fields, lang);
            if (problem) {
              const sent = JSON.stringify(fields).slice(0, 300);
              problems.push(
                `${route.method} ${route.path} as ${who} (seed ${seed}) ${sent}: ${problem}`,
              );
              break;
            }
          }
        }
      }
      return problems;
    });
    expect(result).toEqual([]);
    expect(errors).toEqual([]);
  }, 600_000);

  it('answers every field of every route clearly at its edges', async () => {
    const base = plausibleInput();
    const { result, errors } = await capturingLog(async () => {
      const problems: string[] = [];
      for (const route of ROUTES) {
        for (const [f, field] of [...new Set(route.fields)].entries()) {
          for (const [e, edge] of EDGES.entries()) {
            const who = (f + e) % 2 ? 'viewer' : 'admin';
            const problem = await probe(route, who, { ...base, [field]: edge }, 'en');
            if (problem) {
              problems.push(
                `${route.method} ${route.path} as ${who} ${field}=${JSON.stringify(edge).slice(0, 40)}: ${problem}`,
              );
            }
          }
        }
      }
      return problems;
    });
    expect(result).toEqual([]);
    expect(errors).toEqual([]);
  }, 600_000);

  /**
   * Sends `frames` on a fresh socket (joined as the room's manager, or not joined) and returns
   * what is wrong with the answers: a refusal without a message or a server error. Waits for
   * the ping's pong (or the close of an over-long frame), then until the hub has been quiet for
   * a moment, as handlers answer after their database work.
   */
  async function exchange(
    server: HubServer,
    frames: { type: string; data: unknown }[],
    joined: boolean,
  ) {
    const client = joined
      ? await joinAsUser(server, t.rt, MANAGER, ANCHOR)
      : await connect(server.wsUrl);
    const problems: string[] = [];
    try {
      for (const f of frames) client.send(f.type, f.data);
      client.send(CLIENT_FRAME.ping, {});
      // A frame over 16 KB closes the socket (1009); anything else is answered.
      const end = await Promise.race([client.next(SERVER_FRAME.pong), client.closed]);
      if (typeof end === 'number' && end !== 1009) problems.push(`closed ${end}`);
      for (let seen = -1, i = 0; seen !== client.frames.length && i < 20; i++) {
        seen = client.frames.length;
        await new Promise((r) => setTimeout(r, 40));
      }
      for (const e of client.all(SERVER_FRAME.error)) {
        const data = e.data as ErrorData;
        if (!data.msg || SERVER_ERRORS.some((s) => data.msg.includes(s))) {
          problems.push(`${JSON.stringify(frames).slice(0, 300)} → ${JSON.stringify(data)}`);
        }
      }
    } finally {
      client.close();
    }
    return problems;
  }

  it('answers every realtime frame type clearly, joined or not', async () => {
    const server: HubServer = await startHubServer(t.rt);
    try {
      const { result, errors } = await capturingLog(async () => {
        const problems: string[] = [];
        const frame = fc.record({
          type: fc.constantFrom(...Object.values(CLIENT_FRAME)),
          data: fc.oneof(
            badValue,
            fc.dictionary(fc.constantFrom(...FRAME_FIELDS, ...FIELDS), badValue, { maxKeys: 4 }),
          ),
        });
        const runs = fc.sample(
          fc.tuple(fc.array(frame, { minLength: 1, maxLength: 10 }), fc.boolean()),
          { numRuns: 40, seed: 42 },
        );
        for (const [frames, joined] of runs)
          problems.push(...(await exchange(server, frames, joined)));
        // Then every field of every frame type at each edge, the others plausible (joins with a
        // signature that holds, so that they reach the room lookup).
        const { join } = await userJoin(t.rt, MANAGER, ANCHOR);
        const guest = guestJoin(t.rt, 'fuzz-device', ANCHOR);
        for (const type of Object.values(CLIENT_FRAME)) {
          const plausible = { ...FRAME_DATA, ...(type === CLIENT_FRAME.first ? guest : join) };
          for (const field of FRAME_FIELDS) {
            const frames = EDGES.map((edge) => ({ type, data: { ...plausible, [field]: edge } }));
            problems.push(...(await exchange(server, frames, true)));
          }
        }
        return problems;
      });
      expect(result).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 300_000);
});
