/** /game: the player's points over all games and the free plays left in each. */
import { initPlayer } from './common.ts';

const root = document.querySelector<HTMLElement>('[data-game-lobby]');
if (root) initPlayer(root, 'all');
