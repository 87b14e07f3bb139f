/** Types of the locale resources: every locale has exactly the keys of en-US. */
import type { accountApi } from './locales/en-US/account-api.ts';
import type { accountUi } from './locales/en-US/account-ui.ts';
import type { liveChat } from './locales/en-US/live-chat.ts';
import type { liveRoom } from './locales/en-US/live-room.ts';
import type { player } from './locales/en-US/player.ts';
import type { shell } from './locales/en-US/shell.ts';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Shape of the shell strings. */
export type ShellResource = Widen<typeof shell>;
/** Shape of the account strings. */
export type AccountResource = { api: Widen<typeof accountApi>; ui: Widen<typeof accountUi> };
/** Shape of the live chat strings. */
export type LiveChatResource = Widen<typeof liveChat>;
/** Shape of the live room strings. */
export type LiveRoomResource = Widen<typeof liveRoom>;
/** Shape of the video player strings. */
export type PlayerResource = Widen<typeof player>;
/** Shape of one locale's strings. */
export type Resource = ShellResource & {
  account: AccountResource;
  liveChat: LiveChatResource;
  liveRoom: LiveRoomResource;
  player: PlayerResource;
};

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, dotted (e.g. `nav.home`). */
export type MessageKey = Paths<Resource>;
