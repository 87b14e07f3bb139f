/**
 * The browser's own HLS (Safari): it switches renditions by itself; a fixed quality is
 * played by pointing the video at that variant's media playlist, read from the master.
 */
import { nearestHeight, parseMasterPlaylist, type Rendition } from '../../lib/player/quality.ts';
import type { Engine, EngineOptions } from './engine-types.ts';

/** Attaches `src` to the video natively. */
export function attachNative({ video, src, events }: EngineOptions): Engine {
  const master = new URL(src, location.href).href;
  let renditions: Rendition[] = [];
  let current = master;
  const controller = new AbortController();
  const { signal } = controller;

  const onError = () => events.fail(`media error ${video.error?.code ?? '?'}`);
  const onResize = () => events.active(nearestHeight(renditions, video.videoHeight));
  video.addEventListener('error', onError, { signal });
  video.addEventListener('resize', onResize, { signal });
  video.src = master;

  fetch(master, { signal })
    .then((res) => (res.ok ? res.text() : ''))
    .then((text) => {
      renditions = parseMasterPlaylist(text, master);
      events.renditions(renditions);
      onResize();
    })
    .catch(() => {
      // Without the list the menu offers Auto only; playback does not depend on it.
    });

  /** Switches the video to another playlist, keeping the position of a VOD clip. */
  const load = (url: string) => {
    if (url === current) return;
    current = url;
    const at = video.currentTime;
    const wasPaused = video.paused;
    video.src = url;
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (Number.isFinite(video.duration) && at < video.duration) video.currentTime = at;
        if (!wasPaused) void video.play().catch(() => {});
      },
      { once: true, signal },
    );
  };

  return {
    kind: 'native',
    setQuality(choice) {
      const pick = renditions.find((r) => r.height === choice);
      load(choice === 'auto' || !pick?.uri ? master : pick.uri);
    },
    setLowLatency() {
      // Safari manages its own live latency; nothing to tune here.
    },
    destroy() {
      controller.abort();
      video.removeAttribute('src');
      video.load();
    },
  };
}
