/** The live room's video player: mounts on every `[data-player]` box of the page. */
import './player.css';
import { mountPlayer } from './mount.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-player]')) mountPlayer(root);
