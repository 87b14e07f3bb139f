/**
 * The live room's player, started from an async module script in the page's head: it runs as
 * soon as it has loaded, not after the whole document and the page's other scripts (a processed
 * `<script>` is deferred to the end of parsing and runs in line behind the others). It waits
 * only for the player box to be parsed. hls.js is fetched beside the player's own code (the
 * page also preloads both), so is the WebRTC engine for a viewer who will try it, and the room's
 * other islands wait until the player has settled. A ticket room's locked box is left to the
 * room script, which mounts it once the viewer has entry. The page links the player's stylesheet
 * itself (this module is not one of its islands).
 */
import { detectEngine, preloadHlsJs } from './engine.ts';
import { announceSettled } from './settled.ts';
import { isIngestStream } from '../../lib/player/whep.ts';

/** Resolves with the first element matching `selector` once the parser has gone past it. */
function parsed(selector: string): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    const check = () => {
      const el = document.querySelector<HTMLElement>(selector);
      const done = document.readyState !== 'loading';
      if ((el && (el.nextSibling || done)) || done) {
        observer.disconnect();
        resolve(el);
        return true;
      }
      return false;
    };
    const observer = new MutationObserver(check);
    if (check()) return;
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', check, { once: true });
  });
}

/** The low-latency switch as settings.ts stores it, read without loading the store here. */
function lowLatencyOn(): boolean {
  try {
    return localStorage.getItem('player:lowLatency') === '1';
  } catch {
    return false;
  }
}

// The page preloads the playlist only while the room can play: then the player's code and
// hls.js (where this browser uses it) are loaded now, while the page is parsed, so that the
// player mounts and asks for its stream in the same task that finds its box.
const playable = document.querySelector('link[data-player-playlist]') !== null;
const mount = import('./mount.ts');
// A locked room mounts its player later (the room script), and takes its own failures.
mount.catch(() => {});
const hlsJs =
  playable && detectEngine(document.createElement('video')) === 'hlsjs'
    ? preloadHlsJs()
    : undefined;

const root = await parsed('[data-player]');
if (!root || root.hasAttribute('data-locked')) {
  // Nothing to play yet: the room need not wait for this player.
  announceSettled();
} else {
  // A viewer with low latency on (the player's persisted switch) tries WebRTC first on our
  // ingest's lives: its engine is fetched beside the player's code rather than after it.
  if (
    root.dataset.live === '1' &&
    root.dataset.whep &&
    isIngestStream(root.dataset.src) &&
    lowLatencyOn()
  ) {
    void import('./engine-whep.ts');
  }
  const [{ mountPlayer }] = await Promise.all([mount, hlsJs?.catch(() => {})]);
  mountPlayer(root);
}
