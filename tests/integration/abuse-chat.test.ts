/**
 * Abuse: one bad message must not lose other people's messages. Control characters are refused
 * by the chat rules with their own message, invisible-only text counts as empty, and a row the
 * database refuses fails alone in every batched writer: chat, gifts, statistics.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
} from '../../src/lib/realtime/protocol/index.ts';
import { siteDay } from '../../src/lib/time.ts';
import { chatMessages, liveViewers } from '../../src/server/db/schema.ts';
import { GiftCharger, type GiftSend } from '../../src/server/gifts/charge.ts';
import { profilesOf } from '../../src/server/live/chat-bans.ts';
import { createMessageWriter } from '../../src/server/live/chat-messages.ts';
import { createStatsRecorder } from '../../src/server/studio/stats.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import {
  DB_KINDS,
  openTestRuntime,
  userIdByMobile,
  usersWithWallets,
  type TestRuntime,
} from './helpers.ts';
import {
  joinAsUser,
  speakRateOff,
  startHubServer,
  type HubServer,
  type TestClient,
} from './realtime-helpers.ts';

const ROOMS = [100003, 100006];

describe.each(DB_KINDS)('a bad row among good ones (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  const open: TestClient[] = [];

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await speakRateOff(t.rt);
    server = await startHubServer(t.rt);
  }, 60_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
    await t?.dispose();
  });

  it('refuses a NUL or invisible-only message with its reason while eight users chat on', async () => {
    const users = await usersWithWallets(t.rt.db, '1376000', 9);
    const speakers = await Promise.all(
      users.slice(0, 8).map((id, i) => joinAsUser(server, t.rt, id, ROOMS[i % 2]!)),
    );
    const attacker = await joinAsUser(server, t.rt, users[8]!, ROOMS[1]!, 'zh_cn');
    open.push(...speakers, attacker);

    const bad = ['q\u0000kilo', '\u200b', '\u202e', 'a\u0007b'];
    for (let round = 0; round < 5; round++) {
      speakers.forEach((s, i) => s.send(CLIENT_FRAME.say, { content: `msg ${i}-${round}` }));
      attacker.send(CLIENT_FRAME.say, { content: bad[round % bad.length] });
    }
    // Every speaker sees all ten messages of its room (its own included).
    for (const [i, s] of speakers.entries()) {
      const last = `msg ${i}-4`;
      await s.next(SERVER_FRAME.say, (d: { content: string }) => d.content === last);
    }
    for (const [i, s] of speakers.entries()) {
      const mine = s.all(SERVER_FRAME.say).map((f) => (f.data as { content: string }).content);
      for (let j = i % 2; j < 8; j += 2) {
        for (let round = 0; round < 5; round++) expect(mine).toContain(`msg ${j}-${round}`);
      }
    }
    const stored = await t.rt.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatMessages)
      .where(inArray(chatMessages.userId, users));
    expect(stored[0]!.n).toBe(40);

    const refusals = attacker.all(SERVER_FRAME.error).map((f) => f.data as ErrorData);
    expect(refusals.map((r) => r.reason)).toEqual([
      'control',
      'empty',
      'empty',
      'control',
      'control',
    ]);
    expect(refusals.every((r) => r.code === REALTIME_ERROR.refused)).toBe(true);
    expect(refusals[0]!.msg).toBe('消息不能包含控制字符');
    expect(refusals.some((r) => r.msg.includes('server error'))).toBe(false);
  });

  it('stores the good messages of a batch the database refuses one row of', async () => {
    const [id] = await usersWithWallets(t.rt.db, '1376100', 1);
    const profile = (await profilesOf(t.rt.db, [id!])).get(id!)!;
    const write = createMessageWriter(t.rt.db);
    const message = (content: string) => ({
      anchorId: ROOMS[0]!,
      profile,
      isManager: false,
      content,
    });
    // Sent together, they share a batch: the NUL row is refused by the database itself.
    const results = await Promise.allSettled(
      ['before', 'nul\u0000row', 'after', 'last'].map((c) => write(message(c))),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const rows = await t.rt.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.userId, id!))
      .orderBy(chatMessages.id);
    expect(rows.map((r) => r.content)).toEqual(['before', 'after', 'last']);
  });

  it('pays the good gifts of a batch the database refuses one gift of', async () => {
    const anchorId = await userIdByMobile(t.rt.db, '13900000003');
    const senders = await usersWithWallets(t.rt.db, '1376200', 3);
    for (const userId of senders) {
      await applyMoves(t.rt.db, {
        key: `abuse-grant:${userId}`,
        kind: 'grant',
        moves: [{ userId, currency: 'gold', amount: 1_000, kind: 'grant' }],
      });
    }
    const send = (senderId: number, clientMsgId: string): GiftSend => ({
      senderId,
      anchorId,
      gift: { id: 1, price: 100, currency: 'gold' },
      count: 1,
      clientMsgId,
      at: new Date(),
    });
    const charger = new GiftCharger(t.rt.db);
    const incomeBefore = (await readBalances(t.rt.db, anchorId)).income;
    const results = await Promise.allSettled([
      charger.charge(send(senders[0]!, 'good-1')),
      charger.charge(send(senders[1]!, 'bad\u0000key')),
      charger.charge(send(senders[2]!, 'good-2')),
      charger.charge(send(senders[0]!, 'good-3')),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.status : 'failed'))).toEqual([
      'ok',
      'failed',
      'ok',
      'ok',
    ]);
    expect((await readBalances(t.rt.db, senders[0]!)).gold).toBe(800);
    expect((await readBalances(t.rt.db, senders[1]!)).gold).toBe(1_000);
    expect((await readBalances(t.rt.db, senders[2]!)).gold).toBe(900);
    expect((await readBalances(t.rt.db, anchorId)).income - incomeBefore).toBe(3 * 50);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });

  it('counts the good viewers of a statistics batch one entry of which is refused', async () => {
    const errors: unknown[] = [];
    const stats = createStatsRecorder(t.rt.db, (e) => errors.push(e), 60_000);
    const at = new Date();
    stats.viewer({ anchorId: ROOMS[0]!, viewerKey: 'g:abuse-a', at });
    stats.viewer({ anchorId: ROOMS[0]!, viewerKey: 'g:abuse-\u0000', at });
    stats.viewer({ anchorId: ROOMS[1]!, viewerKey: 'g:abuse-b', at });
    await stats.flush();
    expect(errors).toHaveLength(1);
    const rows = await t.rt.db
      .select({ key: liveViewers.viewerKey })
      .from(liveViewers)
      .where(
        and(
          inArray(liveViewers.viewerKey, ['g:abuse-a', 'g:abuse-b']),
          eq(liveViewers.scope, `d:${siteDay(at)}`),
        ),
      );
    expect(rows.map((r) => r.key).sort()).toEqual(['g:abuse-a', 'g:abuse-b']);
  });
});
