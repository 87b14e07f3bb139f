/** Keyboard shortcuts of the player and full screen across browsers. */
import type { ControlActions } from './controls.ts';

/** Full screen of the player box (so the barrage stays over the video), or of the video on iPhone. */
export function fullscreenFeatures(root: HTMLElement, video: HTMLVideoElement) {
  const webkitVideo = video as HTMLVideoElement & { webkitEnterFullscreen?: () => void };
  const element = typeof root.requestFullscreen === 'function' && document.fullscreenEnabled;
  return {
    supported: element || typeof webkitVideo.webkitEnterFullscreen === 'function',
    toggle() {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      else if (element) void root.requestFullscreen().catch(() => {});
      else webkitVideo.webkitEnterFullscreen?.();
    },
  };
}

/**
 * k or Space: play/pause (Space only when the player itself has focus, so buttons keep it);
 * m: mute; f: full screen; arrow up/down on the player: volume.
 */
export function bindKeys(
  root: HTMLElement,
  actions: ControlActions,
  video: HTMLVideoElement,
): void {
  root.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, [role="menu"]')) return;
    const onPlayer = target === root;
    const key = event.key.toLowerCase();
    if (key === 'k' || (key === ' ' && onPlayer)) actions.togglePlay();
    else if (key === 'm') actions.toggleMute();
    else if (key === 'f') actions.toggleFullscreen();
    else if ((key === 'arrowup' || key === 'arrowdown') && onPlayer) {
      const step = key === 'arrowup' ? 0.1 : -0.1;
      actions.setVolume(Math.round(Math.min(1, Math.max(0, video.volume + step)) * 100) / 100);
    } else return;
    event.preventDefault();
  });
}
