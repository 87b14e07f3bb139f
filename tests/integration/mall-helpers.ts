/**
 * What the mall suites share: a runtime with one API app for the whole block, new shoppers with
 * gems and a session, buying, and reading gold, the noble title and the purchase ledger rows.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { BuyResult } from '../../src/lib/mall/api.ts';
import { createApi } from '../../src/server/app.ts';
import { ledgerEntries, users } from '../../src/server/db/schema.ts';
import { createSession } from '../../src/server/sessions.ts';
import { createUser } from '../../src/server/users/service.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import {
  callApi,
  openTestRuntime,
  type DbKind,
  type RequestApp,
  type TestRuntime,
} from './helpers.ts';

type Envelope<T> = Awaited<ReturnType<typeof callApi<T>>>;

/**
 * Registers the hooks that open the block's runtime and API app; call inside describe. `t` is
 * filled in and `app` forwards to the app once beforeAll has run; the steps use both.
 */
export function mallSuite(kind: DbKind) {
  const t = {} as TestRuntime;
  let api: RequestApp | undefined;
  beforeAll(async () => {
    Object.assign(t, await openTestRuntime(kind));
    api = createApi(t.rt);
  }, 60_000);
  afterAll(async () => t.dispose?.());
  const app: RequestApp = { request: (input, init) => api!.request(input, init) };

  /** A new member holding `gems` gems (granted through the ledger) and a session. */
  async function shopper(gems: number): Promise<{ id: number; headers: Record<string, string> }> {
    const id = await createUser(t.rt.db, {
      mobile: `137${String(randomInt(0, 1e8)).padStart(8, '0')}`,
      regSource: 'OFFICIAL',
      regAnchorId: null,
    });
    if (gems > 0) {
      await applyMoves(t.rt.db, {
        key: `test-grant:${id}`,
        kind: 'grant',
        moves: [{ userId: id, currency: 'gold', amount: gems * 100, kind: 'grant' }],
      });
    }
    const token = await createSession(t.rt.db, id, 'test');
    return { id, headers: { authorization: `Bearer ${token}`, lang: 'en' } };
  }

  const buy = (
    headers: Record<string, string>,
    itemId: string,
    orderId: string = randomUUID(),
  ): Promise<Envelope<BuyResult>> =>
    callApi<BuyResult>(
      app,
      'POST',
      '/api/mall/buy',
      { item_id: itemId, client_order_id: orderId },
      headers,
    );

  const gold = async (userId: number) => (await readBalances(t.rt.db, userId)).gold;

  const title = async (userId: number) => {
    const [row] = await t.rt.db
      .select({ level: users.vipLevel, expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  };

  const purchases = (userId: number) =>
    t.rt.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'purchase')));

  return { t, app, shopper, buy, gold, title, purchases };
}
