/**
 * Abuse: generated bad input against every API route and every realtime frame type. Wrong
 * types, numbers out of range, control characters, huge strings and odd shapes must get a clear
 * refusal (or a normal answer), never 'Something went wrong', and never an error in the log.
 * Routes come from the API app itself and field names from the source, so new routes and fields
 * are fuzzed without editing this file. Fixed seeds; a failure prints the seed and the input.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  SERVER_FRAME,
  type ErrorData,
} from '../../src/lib/realtime/protocol/index.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import {
  connect,
  guestJoin,
  joinAsUser,
  startHubServer,
  userJoin,
  type HubServer,
} from './realtime-helpers.ts';
import {
  ANCHOR,
  badValue,
  capturingLog,
  EDGES,
  FIELDS,
  FRAME_DATA,
  FRAME_FIELDS,
  NOT_ENVELOPES,
  plausibleInput,
  ROUTES,
  VIEWER,
  type Route,
} from './fuzz-targets.ts';

const MANAGER = 100004;
const ADMIN = 100005;
/** Generated inputs per route and caller. */
const RUNS_PER_ROUTE = 5;
const SERVER_ERRORS = ['Something went wrong', '服务器开小差', 'server error'];

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
    // With both databases, each takes every other edge of a field (alternating from field to
    // field and route to route): the checks in front of the database are the same code, and both
    // drivers still meet every kind of edge that gets past them. One database takes them all.
    const share = (r: number, f: number, e: number) =>
      DB_KINDS.length === 1 || (r + f + e) % DB_KINDS.length === DB_KINDS.indexOf(kind);
    const { result, errors } = await capturingLog(async () => {
      const problems: string[] = [];
      for (const [r, route] of ROUTES.entries()) {
        for (const [f, field] of [...new Set(route.fields)].entries()) {
          for (const [e, edge] of EDGES.entries()) {
            if (!share(r, f, e)) continue;
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
        // How many answers come is unknown: wait until a 40 ms window brings none.
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
