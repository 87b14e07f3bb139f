/**
 * The backpack: reading one's own backpack only, and atomic use: many parallel uses of a few
 * items succeed exactly as often as there are items, and the quantity never goes negative.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { consumeItems, grantItems, itemQuantity } from '../../src/server/backpack/service.ts';
import { backpackItems, backpackLedger } from '../../src/server/db/schema.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

const VIEWER = 100001;
const NOBLE = 100002;
const MEMBER = 100004;

describe.each(DB_KINDS)('backpack (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
  }, 60_000);
  afterAll(async () => {
    await t?.dispose();
  });

  const auth = async (userId: number) => ({
    authorization: `Bearer ${await createSession(t.rt.db, userId, 'test')}`,
  });

  it('returns the caller’s own backpack: items, the ticket total, the prop and gift counts', async () => {
    const res = await callApi(
      app,
      'POST',
      '/api/live/user_backpack',
      { user_id: VIEWER },
      await auth(VIEWER),
    );
    expect(res.status).toBe(0);
    expect(res.data).toEqual({
      user_backpack: [
        { type: 100, props_id: 0, quantity: 3 },
        { type: 101, props_id: 2, quantity: 5 },
        { type: 101, props_id: 3, quantity: 5 },
        { type: 101, props_id: 4, quantity: 5 },
        { type: 105, props_id: 0, quantity: 2 },
        { type: 106, props_id: 1, quantity: 10 },
        { type: 106, props_id: 11, quantity: 2 },
        // Lottery spins (107) are held here too; the gift panel does not list them.
        { type: 107, props_id: 0, quantity: 3 },
      ],
      ticket: 2,
      props: { speaker: 3, colorful1: 5, colorful2: 5, colorful3: 5 },
      gifts: [
        { giftid: 1, quantity: 10 },
        { giftid: 11, quantity: 2 },
      ],
    });
  });

  it('refuses another user’s backpack, guests and bad input', async () => {
    const other = await callApi(
      app,
      'POST',
      '/api/live/user_backpack',
      { user_id: VIEWER },
      { ...(await auth(NOBLE)), lang: 'en' },
    );
    expect(other).toMatchObject({ status: 1, data: null });
    expect(other.msg).toBe('You do not have permission to do this');
    const guest = await callApi(app, 'POST', '/api/live/user_backpack', { user_id: VIEWER });
    expect(guest.status).toBe(2);
    const bad = await callApi(
      app,
      'POST',
      '/api/live/user_backpack',
      { user_id: 'me' },
      await auth(VIEWER),
    );
    expect(bad.status).toBe(1);
  });

  it('shows an empty backpack as zeros', async () => {
    const res = await callApi(
      app,
      'POST',
      '/api/live/user_backpack',
      { user_id: MEMBER },
      await auth(MEMBER),
    );
    expect(res.data).toEqual({
      user_backpack: [],
      ticket: 0,
      props: { speaker: 0, colorful1: 0, colorful2: 0, colorful3: 0 },
      gifts: [],
    });
  });

  it('lets 50 parallel uses of 10 items succeed exactly 10 times, never below zero', async () => {
    const key = { type: PROP_TYPE.colorful, propsId: 4 };
    await grantItems(t.rt.db, { userId: MEMBER, ...key, count: 10, kind: 'grant' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        consumeItems(t.rt.db, {
          userId: MEMBER,
          ...key,
          count: 1,
          kind: 'chat_prop',
          reference: `race-${i}`,
        }),
      ),
    );
    const wins = results.filter((r) => r !== null);
    expect(wins).toHaveLength(10);
    expect(new Set(wins)).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(await itemQuantity(t.rt.db, MEMBER, key)).toBe(0);
    const ledger = await t.rt.db
      .select({ delta: backpackLedger.delta })
      .from(backpackLedger)
      .where(
        and(
          eq(backpackLedger.userId, MEMBER),
          eq(backpackLedger.itemType, key.type),
          eq(backpackLedger.kind, 'chat_prop'),
        ),
      );
    expect(ledger).toHaveLength(10);
    expect(ledger.every((row) => row.delta === -1)).toBe(true);
  });

  it('never takes more than held, and the CHECK refuses a negative quantity outright', async () => {
    await grantItems(t.rt.db, {
      userId: MEMBER,
      type: PROP_TYPE.ticket,
      count: 2,
      kind: 'grant',
    });
    const take = (count: number) =>
      consumeItems(t.rt.db, { userId: MEMBER, type: PROP_TYPE.ticket, count, kind: 'test' });
    expect(await take(3)).toBeNull();
    expect(await take(2)).toBe(0);
    expect(await take(1)).toBeNull();
    await expect(
      t.rt.db
        .update(backpackItems)
        .set({ quantity: -1 })
        .where(and(eq(backpackItems.userId, MEMBER), eq(backpackItems.itemType, 105))),
    ).rejects.toThrow();
  });
});
