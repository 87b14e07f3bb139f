/** All en-US strings: the shell keys at the top level, each feature under its own key. */
import { accountApi } from './account-api.ts';
import { admin } from './admin.ts';
import { anchorApply } from './anchor-apply.ts';
import { broadcast } from './broadcast.ts';
import { accountUi } from './account-ui.ts';
import { commentAdmin } from './comment-admin.ts';
import { anchorPages } from './anchor-pages.ts';
import { content } from './content.ts';
import { engagement } from './engagement.ts';
import { games } from './games.ts';
import { gifts } from './gifts.ts';
import { giftStage } from './gift-stage.ts';
import { liveChat } from './live-chat.ts';
import { liveRoom } from './live-room.ts';
import { mall } from './mall.ts';
import { matchDesk } from './match-desk.ts';
import { newsroom } from './newsroom.ts';
import { messaging } from './messaging.ts';
import { player } from './player.ts';
import { quiz } from './quiz.ts';
import { ranking } from './ranking.ts';
import { recordings } from './recordings.ts';
import { replayChat } from './replay-chat.ts';
import { clips } from './clips.ts';
import { sports } from './schedule.ts';
import { shell } from './shell.ts';
import { studio } from './studio.ts';
import { wallet } from './wallet.ts';

/** The en-US resource; its shape defines every locale's keys. */
export const enUS = {
  ...shell,
  account: { api: accountApi, ui: accountUi },
  commentAdmin,
  anchorPages,
  content,
  engagement,
  games,
  giftStage,
  liveChat,
  liveRoom,
  mall,
  newsroom,
  matchDesk,
  messaging,
  quiz,
  ranking,
  recordings,
  replayChat,
  clips,
  sports,
  player,
  gifts,
  wallet,
  studio,
  broadcast,
  anchorApply,
  admin,
} as const;
