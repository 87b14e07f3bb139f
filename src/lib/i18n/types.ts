/** Types of the locale resources: every locale has exactly the keys of en-US. */
import type { accountApi } from './locales/en-US/account-api.ts';
import type { accountUi } from './locales/en-US/account-ui.ts';
import type { games } from './locales/en-US/games.ts';
import type { ranking } from './locales/en-US/ranking.ts';
import type { shell } from './locales/en-US/shell.ts';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Shape of the shell strings. */
export type ShellResource = Widen<typeof shell>;
/** Shape of the account strings. */
export type AccountResource = { api: Widen<typeof accountApi>; ui: Widen<typeof accountUi> };
/** Shape of the game strings. */
export type GamesResource = Widen<typeof games>;
/** Shape of the ranking strings. */
export type RankingResource = Widen<typeof ranking>;
/** Shape of one locale's strings. */
export type Resource = ShellResource & {
  account: AccountResource;
  games: GamesResource;
  ranking: RankingResource;
};

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, dotted (e.g. `nav.home`). */
export type MessageKey = Paths<Resource>;
