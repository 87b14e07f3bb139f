/**
 * The live room's video player: mounts on every `[data-player]` box of the page, except a
 * ticket room's locked box, which the room script mounts once the viewer has entry.
 */
import './player.css';
import { mountPlayer } from './mount.ts';

for (const root of document.querySelectorAll<HTMLElement>('[data-player]:not([data-locked])')) {
  mountPlayer(root);
}
