/**
 * Holding back a page's `client:only` islands until an event (or a cap), so what matters most
 * (the room's player) gets the network and the main thread first. Astro starts each
 * `client:only` island through its `only` directive, which its own inline script defines before
 * the first such island; the script below wraps that directive (catching the definition if it
 * comes later) so the islands load once the event fires, and leaves that wait as
 * `self.arenaHold` for the page shell, which holds its own work with the islands. A user who
 * reaches for the page (a pointer pressed, a key down) ends the hold at once: the shell starts
 * in that event's microtasks, so the click or key that follows finds the header wired instead
 * of falling on a button with no handler yet. The script is inline (it must run while the page is parsed), so the page adds its hash to its
 * Content-Security-Policy.
 */
import { createHash } from 'node:crypto';

/** The inline script and its CSP hash. */
export interface HoldScript {
  script: string;
  hash: `sha256-${string}`;
}

/** Inputs that end the hold: the user wants the page now. */
const RELEASING_INPUTS = ['pointerdown', 'keydown'];

/** The caps of a hold: on a fast connection, and on a slow one. */
export interface HoldCaps {
  /** The most the islands wait, in ms. */
  capMs: number;
  /**
   * The most they wait where the browser rates the connection slower than 4G (its
   * `navigator.connection.effectiveType`; browsers without it get `capMs`). There the islands'
   * code would share a narrow line with the video that is still coming.
   */
  slowCapMs: number;
}

/**
 * The script that holds `client:only` islands until `event`, the user's first input, or the
 * cap at most.
 */
export function holdIslands(event: string, { capMs, slowCapMs }: HoldCaps): HoldScript {
  const inputs = RELEASING_INPUTS.map(
    (type) => `addEventListener(${JSON.stringify(type)},r,{once:true,capture:true});`,
  ).join('');
  const script =
    `(()=>{var a=self.Astro||(self.Astro={}),only=a.only,` +
    `go=new Promise(function(r){addEventListener(${JSON.stringify(event)},r,{once:true});` +
    inputs +
    `var c=self.navigator&&navigator.connection;` +
    `setTimeout(r,c&&/^(slow-2g|2g|3g)$/.test(c.effectiveType)?${Math.round(slowCapMs)}:${Math.round(capMs)})});` +
    `self.arenaHold=go;` +
    `function held(load,opts,el){return go.then(function(){return only(load,opts,el)})}` +
    `if(only){a.only=held;return}` +
    `Object.defineProperty(a,"only",{configurable:true,` +
    `get:function(){return only&&held},set:function(f){only=f}})})();`;
  const hash = `sha256-${createHash('sha256').update(script).digest('base64')}` as const;
  return { script, hash };
}
