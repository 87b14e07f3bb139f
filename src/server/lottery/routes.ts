/**
 * Lottery calls under /api/lottery (ours; the spec names the page, not its calls):
 * getLotteryInfo (the prizes with their published odds, and the caller's chances),
 * draw (spends one chance) and getLotteryHistory. Refused while lottery_switch is off, as the
 * header's game button is hidden then.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { LotteryPrize } from '../../lib/rewards/types.ts';
import { emptyRequest, historyPageRequest } from '../../lib/validation/engagement.ts';
import { gamesOpen } from '../config/switches.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { describeRewards } from '../rewards/service.ts';
import { userInfo } from '../users/service.ts';
import { drawLottery, lotteryChances, lotteryHistory, readLotteryPrizes } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { lotteryApi } from '../../lib/lottery/api.ts';

/** Draws per user and minute: a spin takes a few seconds to watch, scripts need no more. */
export const LOTTERY_RATE = { perMinute: 30 } as const;

const open: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!(await gamesOpen(c.get('rt').db))) throw new ApiError('engagement.lottery.closed');
  await next();
};

async function prizeViews(c: Context<ApiEnv>, prizes: readonly LotteryPrize[]) {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  const entries = await describeRewards(
    c.get('rt').db,
    prizes.map((p) => p.reward),
    c.get('t'),
    c.get('locale') === 'zh-CN',
  );
  return prizes.map((p, i) => ({
    id: p.id,
    color: p.color,
    weight: p.weight,
    /** Probability of this prize on one draw, 0-1. */
    odds: p.weight / total,
    reward: entries[i]!,
  }));
}

/** The prefix app.ts mounts lotteryRoutes under. */
export const LOTTERY_MOUNT = '/api/lottery';

/** The lottery routes; a new limiter per app. */
export function lotteryRoutes() {
  const limiter = rateLimit('lottery.draws', LOTTERY_RATE.perMinute, 60_000);
  return new Hono<ApiEnv>()
    .use('*', open)
    .on(...routeOf(LOTTERY_MOUNT, lotteryApi.info), async (c) => {
      await input(c, emptyRequest);
      const { db } = c.get('rt');
      const user = c.get('user');
      const [prizes, chances] = await Promise.all([
        readLotteryPrizes(db),
        user ? lotteryChances(db, user.id) : Promise.resolve(0),
      ]);
      return ok(c, { prizes: await prizeViews(c, prizes), chances });
    })
    .on(...routeOf(LOTTERY_MOUNT, lotteryApi.draw), requireUser, async (c) => {
      await input(c, emptyRequest);
      const user = c.get('user')!;
      await limiter.enforce(c.get('rt'), `u:${user.id}`);
      const { db } = c.get('rt');
      const outcome = await drawLottery(db, user.id);
      if (!outcome) throw new ApiError('engagement.lottery.noChance');
      const [view] = await prizeViews(c, [outcome.prize]);
      return ok(c, {
        draw_id: outcome.drawId,
        prize_id: outcome.prize.id,
        reward: view!.reward,
        chances: outcome.chances,
        userInfo: await userInfo(db, user.id),
      });
    })
    .on(...routeOf(LOTTERY_MOUNT, lotteryApi.history), requireUser, async (c) => {
      const { page, size } = await input(c, historyPageRequest);
      const { draws, total } = await lotteryHistory(c.get('rt').db, c.get('user')!.id, page, size);
      const entries = await describeRewards(
        c.get('rt').db,
        draws.map((d) => d.reward),
        c.get('t'),
        c.get('locale') === 'zh-CN',
      );
      return ok(c, {
        list: draws.map((d, i) => ({
          draw_id: d.id,
          prize_id: d.prizeId,
          reward: entries[i],
          time: Math.floor(d.at.getTime() / 1000),
        })),
        total,
        page,
        size,
      });
    });
}
