/** All en-US strings: the shell keys at the top level, each feature under its own key. */
import { accountApi } from './account-api.ts';
import { accountUi } from './account-ui.ts';
import { liveChat } from './live-chat.ts';
import { liveRoom } from './live-room.ts';
import { player } from './player.ts';
import { shell } from './shell.ts';

/** The en-US resource; its shape defines every locale's keys. */
export const enUS = {
  ...shell,
  account: { api: accountApi, ui: accountUi },
  liveChat,
  liveRoom,
  player,
} as const;
