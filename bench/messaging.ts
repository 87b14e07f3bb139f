/**
 * `npm run bench:messaging`: messaging at scale through the real hub and database.
 * 1. A 10,000-member fan group: BENCH_MSG_ONLINE members (default 5,000) have their inbox open
 *    over `/im`; BENCH_MSG_COUNT messages (default 20) are sent one after another through the
 *    group service (stored, then published); each delivery is timed from the send to the
 *    member's socket. Reported: deliveries expected and received, p50 and p99.
 * 2. A go-live alert to the anchor's 10,000 followers, the same members online: the time until
 *    the last online follower has AnchorStartLiveMessage and all 10,000 system rows exist.
 * 3. getChatList for a user in 200 conversations (150 fan groups, 50 private chats): p50 and p99
 *    of 200 calls.
 * The clients run in the server's process (they share its event loop, so the figures are
 * pessimistic). PGlite on disk and PostgreSQL (TEST_DATABASE_URL or DATABASE_URL); BENCH_DB
 * picks one. Targets: group delivery p99 ≤ 500 ms, go-live ≤ 2 s, getChatList p50 ≤ 20 ms.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { GROUP_MSG } from '../src/lib/messaging/types.ts';
import { createApi } from '../src/server/app.ts';
import { createSession, hashToken } from '../src/server/sessions.ts';
import { signUserSig } from '../src/server/auth/usersig.ts';
import type { Database, Db } from '../src/server/db/index.ts';
import {
  categories,
  fanGroupMembers,
  fanGroups,
  follows,
  liveRooms,
  privateChats,
  systemMessages,
  users,
} from '../src/server/db/schema.ts';
import { readEnv } from '../src/server/env.ts';
import { createServer } from '../src/server/server.ts';
import { chatList } from '../src/server/messaging/chat-list.ts';
import { appendMessage, groupOfAnchor, sendGroupMessage } from '../src/server/messaging/groups.ts';
import { alertFollowers } from '../src/server/messaging/system.ts';
import { createLocalBus } from '../src/server/shared/bus.ts';
import { createMemoryState } from '../src/server/shared/state.ts';
import { openMediaStore, openStore } from '../src/server/storage/index.ts';
import { createHub } from '../src/server/realtime/hub.ts';
import type { Runtime } from '../src/server/runtime.ts';
import { consoleSms } from '../src/server/sms/index.ts';
import { percentile } from './realtime/clients.ts';
import { machine, onEachDatabase, saveResult } from './lib.ts';

const MEMBERS = 10_000;
const ONLINE = Number(process.env.BENCH_MSG_ONLINE ?? 5_000);
const MESSAGES = Number(process.env.BENCH_MSG_COUNT ?? 20);
const CONVERSATIONS = { groups: 150, privates: 50 } as const;
const TARGETS = { groupP99: 500, goLiveSeconds: 2, chatListP50: 20 } as const;

interface Run {
  database: 'pglite' | 'postgres';
  online: number;
  expected: number;
  delivered: number;
  p50: number;
  p99: number;
  alerted: number;
  alertRows: number;
  goLiveSeconds: number;
  listConversations: number;
  listP50: number;
  listP99: number;
}

/** `n` users; returns their ids. */
async function people(db: Db, prefix: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 2_000) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(2_000, n - start) }, (_, i) => ({
          mobile: `${prefix}${String(start + i).padStart(11 - prefix.length, '0')}`,
          nickName: `Fan${start + i}`,
        })),
      )
      .returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Inserts `rows` 2,000 at a time. */
async function inChunks<T>(rows: T[], insert: (some: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 2_000) await insert(rows.slice(i, i + 2_000));
}

/** A member's socket with the inbox open; resolves after inboxRep. */
function inbox(port: number, rt: Runtime, userId: number, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/im?lang=en`);
  const sig = signUserSig(rt.env.secret, String(userId), Date.now(), hashToken(token));
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'inbox', data: { id: String(userId), sig } })),
    );
    const onRep = (raw: Buffer) => {
      if (raw.toString().includes('"inboxRep"')) {
        ws.off('message', onRep);
        resolve(ws);
      }
    };
    ws.on('message', onRep);
  });
}

async function measure(database: Database): Promise<Run> {
  const { db } = database;
  const env = readEnv({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'arena-bench-msg-env-')),
    LOG_REQUESTS: '0',
    SEED_DEMO: '0',
  });
  const rt: Runtime = {
    env,
    database,
    db,
    sms: consoleSms(() => {}),
    bus: createLocalBus(),
    shared: createMemoryState(),
    storage: openStore(env.storage, env.dataDir),
    mediaStore: openMediaStore(env.storage, env.mediaDir),
  };
  await db.insert(categories).values({ id: 1, nameZh: '体育', nameEn: 'Sports' });
  const [anchor] = await people(db, '1370', 1);
  await db.insert(liveRooms).values({
    anchorId: anchor!,
    title: 'Bench live',
    cover: '',
    categoryId: 1,
    isLive: true,
    startedAt: new Date(),
  });
  const group = (await groupOfAnchor(db, anchor!))!;
  const fans = await people(db, '1371', MEMBERS);
  await inChunks(fans, (some) =>
    db.insert(fanGroupMembers).values(some.map((userId) => ({ groupId: group.id, userId }))),
  );
  await inChunks(fans, (some) =>
    db.insert(follows).values(some.map((userId) => ({ userId, anchorId: anchor! }))),
  );

  const hub = createHub(rt, { maxPerAddress: ONLINE + 10, quizClock: false, joinMs: 600_000 });
  const server = createServer({ rt, api: createApi(rt), hub });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const online = fans.slice(0, ONLINE);
  const sockets: WebSocket[] = [];
  for (let i = 0; i < online.length; i += 100) {
    const batch = online.slice(i, i + 100);
    const tokens = await Promise.all(batch.map((id) => createSession(db, id, `bench-${id}`)));
    sockets.push(...(await Promise.all(batch.map((id, k) => inbox(port, rt, id, tokens[k]!)))));
  }

  // 1. Group messages: each delivery timed from the send.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let alerted = 0;
  let lastAlert = 0;
  for (const ws of sockets) {
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      const now = performance.now();
      const frame = JSON.parse(text) as { type: string; data: unknown };
      const frames = frame.type === 'batch' ? (frame.data as (typeof frame)[]) : [frame];
      for (const f of frames) {
        if (f.type === 'groupMsg') {
          const content = (f.data as { content: string }).content;
          const at = sentAt.get(content);
          if (at !== undefined) latencies.push(now - at);
        } else if (f.type === 'AnchorStartLiveMessage') {
          alerted += 1;
          lastAlert = now;
        }
      }
    });
  }
  const sender = online[0]!;
  for (let i = 0; i < MESSAGES; i += 1) {
    const content = `bench message ${i}`;
    sentAt.set(content, performance.now());
    await sendGroupMessage(db, rt.bus, group.id, sender, content, '');
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 1_000));

  // 2. The go-live alert.
  const started = performance.now();
  const told = await alertFollowers(db, rt.bus, anchor!);
  const stored = performance.now();
  for (let i = 0; i < 100 && alerted < ONLINE; i += 1) await new Promise((r) => setTimeout(r, 50));
  const [rows] = await db
    .select({ n: count() })
    .from(systemMessages)
    .where(eq(systemMessages.anchorId, anchor!));
  const goLiveSeconds = (Math.max(stored, lastAlert) - started) / 1000;
  for (const ws of sockets) ws.terminate();
  await hub.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));

  // 3. getChatList for a user in 200 conversations.
  const reader = fans[1]!;
  const hosts = await people(db, '1372', CONVERSATIONS.groups + CONVERSATIONS.privates);
  await db
    .insert(liveRooms)
    .values(hosts.map((anchorId) => ({ anchorId, title: 'Room', cover: '', categoryId: 1 })));
  const groups = await db
    .insert(fanGroups)
    .values(hosts.slice(0, CONVERSATIONS.groups).map((anchorId) => ({ anchorId, name: 'Group' })))
    .returning({ id: fanGroups.id });
  await db.insert(fanGroupMembers).values(groups.map((g) => ({ groupId: g.id, userId: reader })));
  for (const g of groups) {
    await appendMessage(db, g.id, {
      uid: hosts[0]!,
      type: GROUP_MSG.normal,
      content: 'hello fans',
    });
  }
  await db.insert(privateChats).values(
    hosts.slice(CONVERSATIONS.groups).map((anchorId) => ({
      userId: reader,
      anchorId,
      lastText: 'see you tonight',
      userUnread: 1,
    })),
  );
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < 200; i += 1) {
    const t0 = performance.now();
    listed = (await chatList(db, reader, false)).length;
    times.push(performance.now() - t0);
  }
  return {
    database: database.kind,
    online: sockets.length,
    expected: MESSAGES * sockets.length,
    delivered: latencies.length,
    p50: Number(percentile(latencies, 50).toFixed(1)),
    p99: Number(percentile(latencies, 99).toFixed(1)),
    alerted,
    alertRows: rows?.n ?? 0,
    goLiveSeconds: Number(goLiveSeconds.toFixed(2)),
    listConversations: listed,
    listP50: Number(percentile(times, 50).toFixed(1)),
    listP99: Number(percentile(times, 99).toFixed(1)),
    ...(told !== MEMBERS ? { told } : {}),
  };
}

const runs = await onEachDatabase('messaging', measure);
const lines = [
  `Messaging: a ${MEMBERS}-member fan group with ${ONLINE} inboxes open over /im (clients in the ` +
    `server's process), ${MESSAGES} messages; the go-live alert to ${MEMBERS} followers; ` +
    `getChatList over ${CONVERSATIONS.groups + CONVERSATIONS.privates} conversations; ${machine()}`,
  '',
  '| database | online | deliveries expected | delivered | p50 ms | p99 ms | alerted | system rows | go-live s | list entries | list p50 ms | list p99 ms |',
  '| -------- | -----: | ------------------: | --------: | -----: | -----: | ------: | ----------: | --------: | -----------: | ----------: | ----------: |',
  ...runs.map(
    (r) =>
      `| ${r.database} | ${r.online} | ${r.expected} | ${r.delivered} | ${r.p50} | ${r.p99} | ${r.alerted} | ${r.alertRows} | ${r.goLiveSeconds} | ${r.listConversations} | ${r.listP50} | ${r.listP99} |`,
  ),
  '',
  `Targets: group delivery p99 ≤ ${TARGETS.groupP99} ms, go-live ≤ ${TARGETS.goLiveSeconds} s, ` +
    `getChatList p50 ≤ ${TARGETS.chatListP50} ms.`,
];
console.log(lines.join('\n'));
saveResult('messaging', { date: new Date().toISOString(), machine: machine(), runs });
const complete = runs.every((r) => r.delivered === r.expected && r.alertRows === MEMBERS);
process.exit(complete ? 0 : 1);
