/** The hls.js engine (light build): levels, manual or automatic switching, latency settings. */
import type { ErrorData, LevelSwitchedData, ManifestParsedData } from 'hls.js';
import Hls from 'hls.js/light';
import { latencyConfig } from '../../lib/player/engine.ts';
import { levelFor, startLevelFor } from '../../lib/player/quality.ts';
import { freshPass, hasPass } from '../../lib/player/stream-pass.ts';
import type { Engine, EngineOptions } from './engine-types.ts';

/**
 * The video's height in device pixels once the page's own layout has given it one. Reading
 * `clientHeight` while the page is still being parsed forces a whole layout then and there (up to
 * 90 ms on a slow machine, measured on the room page), which the browser then does again for the
 * rest of the page; a ResizeObserver reports the height from the layout the browser does anyway.
 */
function laidOutHeight(video: HTMLVideoElement): Promise<number> {
  return new Promise((resolve) => {
    const done = (height: number) => {
      observer.disconnect();
      clearTimeout(fallback);
      resolve(height * devicePixelRatio);
    };
    const observer = new ResizeObserver((entries) => done(entries[0]?.contentRect.height ?? 0));
    observer.observe(video);
    // A video that never gets a box is never observed: its height is read once, later.
    const fallback = setTimeout(() => done(video.clientHeight), 1000);
  });
}

/** Attaches `src` to the video through hls.js. */
export function attachHlsJs({ video, src, lowLatency, events }: EngineOptions): Engine {
  const hls = new Hls({
    ...latencyConfig(lowLatency),
    // Auto never picks more lines than the player shows; a pick from the menu still can.
    capLevelToPlayerSize: true,
    // The first segment is fetched while the video element is still being attached.
    startFragPrefetch: true,
    // Loading starts once the first level is chosen (below), not on hls.js's own guess.
    autoStartLoad: false,
    // A ticket live's requests carry the newest pass the room holds (free lives skip this).
    ...(hasPass(src)
      ? {
          xhrSetup: (xhr: XMLHttpRequest, url: string) => {
            const fresh = freshPass(url);
            if (fresh !== url) xhr.open('GET', fresh, true);
          },
        }
      : {}),
  });
  let recoveredMedia = false;
  let destroyed = false;
  const height = laidOutHeight(video);
  const renditions = () => hls.levels.map((l) => ({ height: l.height, bitrate: l.bitrate }));
  /** A recording (not a live) whose buffer reaches its last second. */
  const bufferedToEnd = () => {
    const details = hls.levels[hls.currentLevel]?.details;
    const { buffered, duration } = video;
    if (!details || details.live || buffered.length === 0 || !Number.isFinite(duration)) {
      return false;
    }
    return buffered.end(buffered.length - 1) >= duration - 1;
  };

  hls.on(Hls.Events.MANIFEST_PARSED, (_event, _data: ManifestParsedData) => {
    events.renditions(renditions());
    // Start on the level the player's size calls for, so the first picture is not fetched twice
    // (once at the top level, then again after the cap to the player's size). A level fixed from
    // the menu is reached from there at the next fragment, as before: after a reload the fixed
    // level may belong to a transcoder that is only starting again.
    void height.then((pixels) => {
      if (destroyed) return;
      hls.startLevel = startLevelFor(renditions(), pixels);
      hls.startLoad();
    });
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data: LevelSwitchedData) => {
    events.active(hls.levels[data.level]?.height ?? null);
  });
  hls.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal) return;
    // A decode hiccup is often fixed by re-creating the source buffers once.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
      recoveredMedia = true;
      hls.recoverMediaError();
      return;
    }
    events.fail(`${data.type}: ${data.details}`);
  });
  hls.loadSource(src);
  hls.attachMedia(video);

  return {
    kind: 'hlsjs',
    setQuality(choice) {
      const level = levelFor(renditions(), choice);
      // nextLevel switches at the next fragment without emptying what is already buffered. When a
      // recording is buffered to its end there is no next fragment to fetch, and a looping clip
      // would replay its old buffer forever: then the buffer is replaced at once.
      if (level >= 0 && bufferedToEnd()) hls.currentLevel = level;
      else hls.nextLevel = level;
    },
    setLowLatency(on) {
      Object.assign(hls.config, latencyConfig(on));
      hls.lowLatencyMode = on;
    },
    destroy() {
      destroyed = true;
      hls.destroy();
    },
  };
}
