/**
 * The JSON API: one Hono app serving /api and /webapi, routes grouped by domain; also the
 * sandbox payment provider's pages under /sandbox-pay.
 */
import {
  groupChatRoutes,
  privateChatRoutes,
  GROUP_CHAT_MOUNT,
  PRIVATE_CHAT_MOUNT,
} from './messaging/routes.ts';
import {
  dynamicRoutes,
  mgrChatRoutes,
  noticeRoutes,
  systemMessageRoutes,
  DYNAMIC_MOUNT,
  MGR_CHAT_MOUNT,
  SYSTEM_MESSAGE_MOUNT,
  NOTICE_MOUNT,
} from './messaging/staff-routes.ts';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { adRoutes, AD_MOUNT } from './ads/routes.ts';
import { adminConsoleRoutes, ADMIN_CONSOLE_MOUNT } from './admin/routes.ts';
import { newsroomRoutes, NEWSROOM_MOUNT } from './content/routes.ts';
import { matchDeskRoutes, MATCH_DESK_MOUNT } from './matchdesk/routes.ts';
import {
  adminApplicationRoutes,
  anchorApplyRoutes,
  ANCHOR_APPLY_MOUNT,
  ADMIN_APPLICATION_MOUNT,
} from './anchors/apply-routes.ts';
import { anchorStatusRoutes, ANCHOR_STATUS_MOUNT } from './anchors/routes.ts';
import { backpackRoutes, BACKPACK_MOUNT } from './backpack/routes.ts';
import {
  captchaRoutes,
  registerRoutes,
  userRoutes,
  userSigRoutes,
  USER_MOUNT,
  CAPTCHA_MOUNT,
  USER_SIG_MOUNT,
  REGISTER_MOUNT,
} from './auth/routes.ts';
import { configRoutes, CONFIG_MOUNT } from './config/routes.ts';
import { feedbackRoutes, FEEDBACK_MOUNT } from './feedback/routes.ts';
import { followRoutes, FOLLOW_MOUNT } from './follows/routes.ts';
import { gameRoutes, GAME_MOUNT } from './games/routes.ts';
import type { ApiEnv } from './http/api-env.ts';
import { ApiError, fail } from './http/envelope.ts';
import { SANDBOX_PATH } from './recharge/sandbox.ts';
import { context, onError } from './http/middleware.ts';
import { sealEnvelopes } from './http/seal.ts';
import { commentRoutes, COMMENT_MOUNT } from './live/comment-routes.ts';
import { liveRoutes, LIVE_MOUNT } from './live/routes.ts';
import { ticketRoutes, TICKET_MOUNT } from './live/ticket-routes.ts';
import { giftRoutes, GIFT_MOUNT } from './gifts/routes.ts';
import { maintenanceRoutes, MAINTENANCE_MOUNT } from './maintenance/routes.ts';
import { mallRoutes, MALL_MOUNT } from './mall/routes.ts';
import { mediaHookRoutes, MEDIA_HOOK_MOUNT } from './ingest/hooks.ts';
import { internalMediaRoutes, INTERNAL_MEDIA_MOUNT } from './ingest/internal-routes.ts';
import { rankingRoutes, RANKING_MOUNT } from './rankings/routes.ts';
import { replayRoutes, REPLAY_MOUNT } from './replays/routes.ts';
import { replayChatRoutes, REPLAY_CHAT_MOUNT } from './replays/chat-routes.ts';
import { clipRoutes, CLIP_MOUNT } from './clips/routes.ts';
import { ownReplayRoutes, OWN_REPLAY_MOUNT } from './recordings/routes.ts';
import type { Runtime } from './runtime.ts';
import {
  payNotifyRoutes,
  rechargeRoutes,
  RECHARGE_MOUNT,
  PAY_NOTIFY_MOUNT,
} from './recharge/routes.ts';
import { sandboxRoutes } from './recharge/sandbox-routes.ts';
import { matchRoutes, MATCH_MOUNT } from './sports/routes.ts';
import { centreRoutes, CENTRE_MOUNT } from './studio/centre-routes.ts';
import { healthRoutes, HEALTH_MOUNT } from './studio/health-routes.ts';
import {
  studioLiveRoutes,
  studioPlanRoutes,
  STUDIO_LIVE_MOUNT,
  STUDIO_PLAN_MOUNT,
} from './studio/routes.ts';
import { uploadRoutes, UPLOAD_MOUNT } from './uploads/routes.ts';
import { walletRoutes, WALLET_MOUNT } from './wallet/routes.ts';
import { adminQuizRoutes, quizRoutes, ADMIN_QUIZ_MOUNT, QUIZ_MOUNT } from './quiz/routes.ts';
import { checkinRoutes, CHECKIN_MOUNT } from './checkin/routes.ts';
import { profileRoutes, PROFILE_MOUNT } from './profile/routes.ts';
import { lotteryRoutes, LOTTERY_MOUNT } from './lottery/routes.ts';

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
  app.route(CONFIG_MOUNT, configRoutes);
  app.route(AD_MOUNT, adRoutes);
  app.route(FEEDBACK_MOUNT, feedbackRoutes);
  app.route(LIVE_MOUNT, liveRoutes);
  app.route(COMMENT_MOUNT, commentRoutes);
  app.route(OWN_REPLAY_MOUNT, ownReplayRoutes);
  app.route(REPLAY_MOUNT, replayRoutes);
  app.route(REPLAY_CHAT_MOUNT, replayChatRoutes);
  app.route(CLIP_MOUNT, clipRoutes);
  app.route(BACKPACK_MOUNT, backpackRoutes);
  app.route(TICKET_MOUNT, ticketRoutes());
  app.route(GIFT_MOUNT, giftRoutes);
  app.route(FOLLOW_MOUNT, followRoutes);
  app.route(DYNAMIC_MOUNT, dynamicRoutes);
  app.route(GROUP_CHAT_MOUNT, groupChatRoutes);
  app.route(PRIVATE_CHAT_MOUNT, privateChatRoutes);
  app.route(MGR_CHAT_MOUNT, mgrChatRoutes);
  app.route(SYSTEM_MESSAGE_MOUNT, systemMessageRoutes);
  app.route(NOTICE_MOUNT, noticeRoutes);
  app.route(MATCH_MOUNT, matchRoutes());
  app.route(RANKING_MOUNT, rankingRoutes);
  app.route(GAME_MOUNT, gameRoutes());
  app.route(CHECKIN_MOUNT, checkinRoutes());
  app.route(LOTTERY_MOUNT, lotteryRoutes());
  app.route(MAINTENANCE_MOUNT, maintenanceRoutes);
  app.route(ANCHOR_STATUS_MOUNT, anchorStatusRoutes);
  app.route(ANCHOR_APPLY_MOUNT, anchorApplyRoutes());
  app.route(ADMIN_APPLICATION_MOUNT, adminApplicationRoutes);
  app.route(ADMIN_CONSOLE_MOUNT, adminConsoleRoutes());
  app.route(NEWSROOM_MOUNT, newsroomRoutes());
  app.route(MATCH_DESK_MOUNT, matchDeskRoutes());
  app.route(ADMIN_QUIZ_MOUNT, adminQuizRoutes);
  app.route(QUIZ_MOUNT, quizRoutes());
  app.route(USER_MOUNT, userRoutes());
  app.route(PROFILE_MOUNT, profileRoutes());
  app.route(CAPTCHA_MOUNT, captchaRoutes());
  app.route(USER_SIG_MOUNT, userSigRoutes);
  app.route(REGISTER_MOUNT, registerRoutes);
  app.route(WALLET_MOUNT, walletRoutes);
  app.route(STUDIO_LIVE_MOUNT, studioLiveRoutes);
  app.route(STUDIO_PLAN_MOUNT, studioPlanRoutes);
  app.route(CENTRE_MOUNT, centreRoutes);
  app.route(HEALTH_MOUNT, healthRoutes);
  app.route(MEDIA_HOOK_MOUNT, mediaHookRoutes);
  // What other machines' app processes ask of this machine's ingest (media/remote.ts).
  app.route(INTERNAL_MEDIA_MOUNT, internalMediaRoutes);
  app.route(UPLOAD_MOUNT, uploadRoutes);
  app.route(RECHARGE_MOUNT, rechargeRoutes());
  app.route(PAY_NOTIFY_MOUNT, payNotifyRoutes);
  app.route(MALL_MOUNT, mallRoutes());
  app.route(SANDBOX_PATH, sandboxRoutes);
  return app;
}
