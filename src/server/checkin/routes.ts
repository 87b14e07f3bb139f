/**
 * The check-in calls of spec §7 under /api/checkin, with the spec's field names:
 * getCheckinInfo (CheckinDetails, Continuous, IsCheckedToday), getCheckinHistory
 * (CheckinHistory, RewardDesc) and checkinToday (status, data.RewardList). Logged-in users
 * only (spec §5), refused while checkin_switch is off.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { API_STATUS } from '../../lib/api/envelope.ts';
import { rewardLabel, type RewardEntry } from '../../lib/rewards/types.ts';
import { emptyRequest, historyPageRequest } from '../../lib/validation/engagement.ts';
import { checkinOpen } from '../config/switches.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { log } from '../log.ts';
import { describeRewards } from '../rewards/service.ts';
import { userInfo } from '../users/service.ts';
import { checkIn, checkinHistory, checkinState, readCheckinRewards } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { checkinApi } from '../../lib/checkin/api.ts';

/** Check-in tries per user and minute: one succeeds a day, the rest only cost a read. */
export const CHECKIN_RATE = { perMinute: 30 } as const;

const open: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!(await checkinOpen(c.get('rt').db))) throw new ApiError('engagement.checkin.closed');
  await next();
};

function describe(c: Context<ApiEnv>, rewards: Parameters<typeof describeRewards>[1]) {
  return describeRewards(c.get('rt').db, rewards, c.get('t'), c.get('locale') === 'zh-CN');
}

/** "+10 EXP · Gems ×2" as the history shows a day. */
function rewardDesc(c: Context<ApiEnv>, exp: number, entries: RewardEntry[]): string {
  const parts = entries.map(rewardLabel);
  if (exp > 0) parts.unshift(c.get('t')('engagement.reward.expPlus', { n: exp }));
  return parts.join(' · ');
}

/** The prefix app.ts mounts checkinRoutes under. */
export const CHECKIN_MOUNT = '/api/checkin';

/** The check-in routes; a new limiter per app. */
export function checkinRoutes() {
  const limiter = rateLimit('checkin.calls', CHECKIN_RATE.perMinute, 60_000);
  return new Hono<ApiEnv>()
    .use('*', requireUser, open)
    .on(...routeOf(CHECKIN_MOUNT, checkinApi.info), async (c) => {
      await input(c, emptyRequest);
      const { db } = c.get('rt');
      const [cycle, state] = await Promise.all([
        readCheckinRewards(db),
        checkinState(db, c.get('user')!.id, new Date()),
      ]);
      const lists = await Promise.all(cycle.map((day) => describe(c, day.rewards)));
      return ok(c, {
        CheckinDetails: cycle.map((day, i) => ({
          Day: i + 1,
          ExpNum: day.exp,
          IsChecked: i < state.doneInCycle,
          IsToday: i + 1 === state.todayCycleDay,
          RewardList: lists[i],
        })),
        Continuous: state.continuous,
        IsCheckedToday: state.checkedToday,
      });
    })
    .on(...routeOf(CHECKIN_MOUNT, checkinApi.history), async (c) => {
      const { page, size } = await input(c, historyPageRequest);
      const { records, total } = await checkinHistory(
        c.get('rt').db,
        c.get('user')!.id,
        page,
        size,
      );
      const CheckinHistory = await Promise.all(
        records.map(async (r) => {
          const RewardList = await describe(c, r.rewards);
          return {
            Day: r.day,
            CycleDay: r.cycleDay,
            Continuous: r.continuous,
            ExpNum: r.exp,
            CheckinTime: Math.floor(r.at.getTime() / 1000),
            RewardList,
            RewardDesc: rewardDesc(c, r.exp, RewardList),
          };
        }),
      );
      return ok(c, {
        CheckinHistory,
        RewardDesc: CheckinHistory[0]?.RewardDesc ?? '',
        total,
        page,
        size,
      });
    })
    .on(...routeOf(CHECKIN_MOUNT, checkinApi.today), async (c) => {
      await input(c, emptyRequest);
      const user = c.get('user')!;
      await limiter.enforce(c.get('rt'), `u:${user.id}`);
      const { db } = c.get('rt');
      let outcome: Awaited<ReturnType<typeof checkIn>>;
      try {
        outcome = await checkIn(db, user.id, new Date());
      } catch (err) {
        log('error', 'checkin_failed', { userId: user.id, error: (err as Error).message });
        throw new ApiError('engagement.checkin.failed');
      }
      if (!outcome.done) throw new ApiError('engagement.checkin.already');
      const RewardList = await describe(c, outcome.rewards);
      return c.json({
        status: API_STATUS.ok,
        msg: c.get('t')('engagement.checkin.success'),
        data: {
          RewardList,
          ExpNum: outcome.exp,
          Day: outcome.cycleDay,
          Continuous: outcome.continuous,
          userInfo: await userInfo(db, user.id),
        },
      });
    });
}
