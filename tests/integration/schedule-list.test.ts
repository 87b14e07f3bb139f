/** Today's schedule keeps a match that kicked off before midnight and is still live. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, siteDay, siteDayRange } from '../../src/lib/time.ts';
import { matches, MATCH_STATUS } from '../../src/server/db/schema.ts';
import { listMatches } from '../../src/server/sports/matches.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';

describe.each(DB_KINDS)('schedule list (%s)', (kind) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
  }, 60_000);
  afterAll(async () => t?.dispose());

  it('lists a live match that began before the day only on the day that holds now', async () => {
    const db = t.rt.db;
    const [live] = await db
      .select()
      .from(matches)
      .where(eq(matches.status, MATCH_STATUS.live))
      .limit(1);
    const day = addDays(siteDay(new Date()), 5);
    const { start, end } = siteDayRange(day);
    // Kicked off at 23:30 the evening before.
    await db
      .update(matches)
      .set({ startTime: new Date(start.getTime() - 30 * 60_000) })
      .where(eq(matches.id, live!.id));
    const ids = async (now: Date) =>
      (await listMatches(db, start, end, 'en-US', {}, now)).map((m) => m.id);
    expect(await ids(new Date(start.getTime() + 30 * 60_000))).toContain(live!.id);
    // Looking at that day from another time (before it, or after it), the match is not there.
    expect(await ids(new Date(start.getTime() - 60 * 60_000))).not.toContain(live!.id);
    expect(await ids(new Date(end.getTime() + 60_000))).not.toContain(live!.id);
  });
});
