/** The games of /game: their slugs, pages and the free plays each gives a day. */

/** Game ids as stored in game_players and game_plays. */
export const GAME_IDS = ['sieve', 'monopoly'] as const;

/** sieve or monopoly. */
export type GameId = (typeof GAME_IDS)[number];

/** Free plays per user, game and Beijing day. */
export const DAILY_FREE_PLAYS = 5;

/** The page of each game. */
export const GAME_PATHS: Record<GameId, string> = { sieve: '/sieve', monopoly: '/monopoly' };

/** /gameDetail/{url} slugs: each names the game whose rules it shows. */
export const GAME_DETAIL_SLUGS: Record<string, GameId> = { sieve: 'sieve', monopoly: 'monopoly' };

/** True for a known game id. */
export function isGameId(value: string): value is GameId {
  return (GAME_IDS as readonly string[]).includes(value);
}
