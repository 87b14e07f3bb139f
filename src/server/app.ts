/**
 * The JSON API: one Hono app serving /api and /webapi, routes grouped by domain; also the
 * sandbox payment provider's pages under /sandbox-pay.
 */
import { groupChatRoutes, privateChatRoutes } from './messaging/routes.ts';
import {
  dynamicRoutes,
  mgrChatRoutes,
  noticeRoutes,
  systemMessageRoutes,
} from './messaging/staff-routes.ts';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adRoutes } from './ads/routes.ts';
import { adminConsoleRoutes } from './admin/routes.ts';
import { newsroomRoutes } from './content/routes.ts';
import { adminApplicationRoutes, anchorApplyRoutes } from './anchors/apply-routes.ts';
import { anchorStatusRoutes } from './anchors/routes.ts';
import { backpackRoutes } from './backpack/routes.ts';
import { captchaRoutes, registerRoutes, userRoutes, userSigRoutes } from './auth/routes.ts';
import { configRoutes } from './config/routes.ts';
import { feedbackRoutes } from './feedback/routes.ts';
import { followRoutes } from './follows/routes.ts';
import { gameRoutes } from './games/routes.ts';
import type { ApiEnv } from './http/api-env.ts';
import { ApiError, fail } from './http/envelope.ts';
import { SANDBOX_PATH } from './recharge/sandbox.ts';
import { context, onError } from './http/middleware.ts';
import { sealEnvelopes } from './http/seal.ts';
import { commentRoutes } from './live/comment-routes.ts';
import { liveRoutes } from './live/routes.ts';
import { ticketRoutes } from './live/ticket-routes.ts';
import { giftRoutes } from './gifts/routes.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { mallRoutes } from './mall/routes.ts';
import { mediaHookRoutes } from './ingest/hooks.ts';
import { rankingRoutes } from './rankings/routes.ts';
import { replayRoutes } from './replays/routes.ts';
import type { Runtime } from './runtime.ts';
import { payNotifyRoutes, rechargeRoutes } from './recharge/routes.ts';
import { sandboxRoutes } from './recharge/sandbox-routes.ts';
import { matchRoutes } from './sports/routes.ts';
import { centreRoutes } from './studio/centre-routes.ts';
import { healthRoutes } from './studio/health-routes.ts';
import { studioLiveRoutes, studioPlanRoutes } from './studio/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { adminQuizRoutes, quizRoutes } from './quiz/routes.ts';
import { checkinRoutes } from './checkin/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { lotteryRoutes } from './lottery/routes.ts';

/** Builds the API app for a runtime; test it in process with `app.request()`. */
export function createApi(rt: Runtime): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // First in, so last out: it sees every answer, errors and not-found included.
  if (rt.env?.apiResponseKey) app.use('*', sealEnvelopes(rt.env.apiResponseKey));
  app.use('*', context(rt));
  app.use(
    '*',
    bodyLimit({
      maxSize: 4 * 1024 * 1024,
      onError: (c) => fail(c as Context<ApiEnv>, new ApiError('errors.badRequest')),
    }),
  );
  app.onError(onError);
  app.notFound((c) => fail(c, new ApiError('errors.notFound', { httpStatus: 404 })));
  app.route('/api/config', configRoutes);
  app.route('/api/home', adRoutes);
  app.route('/api/feedback', feedbackRoutes);
  app.route('/api/live', liveRoutes);
  app.route('/api/live', commentRoutes);
  app.route('/api/live', replayRoutes);
  app.route('/api/live', backpackRoutes);
  app.route('/api/live', ticketRoutes());
  app.route('/api/live', giftRoutes);
  app.route('/api/anchor', followRoutes);
  app.route('/api/anchor', dynamicRoutes);
  app.route('/api/groupChat', groupChatRoutes);
  app.route('/api/privateChat', privateChatRoutes);
  app.route('/api/mgrChat', mgrChatRoutes);
  app.route('/api/systemMessage', systemMessageRoutes);
  app.route('/api/admin', noticeRoutes);
  app.route('/api/match', matchRoutes());
  app.route('/api/live', rankingRoutes);
  app.route('/api/game', gameRoutes());
  app.route('/api/checkin', checkinRoutes());
  app.route('/api/lottery', lotteryRoutes());
  app.route('/api', maintenanceRoutes);
  app.route('/api/user', anchorStatusRoutes);
  app.route('/api/user', anchorApplyRoutes());
  app.route('/api/admin', adminApplicationRoutes);
  app.route('/api/admin/console', adminConsoleRoutes());
  app.route('/api/admin/content', newsroomRoutes());
  app.route('/api/admin/guess', adminQuizRoutes);
  app.route('/api/guess', quizRoutes());
  app.route('/api/user', userRoutes());
  app.route('/api/user', profileRoutes());
  app.route('/api', captchaRoutes());
  app.route('/api/tencentIm', userSigRoutes);
  app.route('/webapi/user', registerRoutes);
  app.route('/api/wallet', walletRoutes);
  app.route('/webapi/live', studioLiveRoutes);
  app.route('/api/live', studioPlanRoutes);
  app.route('/api/studio', centreRoutes);
  app.route('/api/studio', healthRoutes);
  app.route('/api/media', mediaHookRoutes);
  app.route('/api', uploadRoutes);
  app.route('/api/recharge', rechargeRoutes());
  app.route('/api/pay', payNotifyRoutes);
  app.route('/api/mall', mallRoutes());
  app.route(SANDBOX_PATH, sandboxRoutes);
  return app;
}
