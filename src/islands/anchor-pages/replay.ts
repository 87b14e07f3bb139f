/**
 * The replay page around the player: a timeline to seek through the recording (the player's own
 * bar is made for live streams) and the view count, counted when playback first starts.
 */
import { formatDuration } from '../../lib/duration.ts';
import { formatCount } from '../../lib/format.ts';
import { toLocale } from '../../lib/i18n/locale.ts';
import { $replayViews, countReplayView } from '../../lib/stores/replay.ts';
import { mountReplayBarrage } from './replay-barrage.ts';

function bindTimeline(video: HTMLVideoElement, bar: HTMLElement): void {
  const range = bar.querySelector<HTMLInputElement>('input[type="range"]')!;
  const now = bar.querySelector<HTMLElement>('[data-time]')!;
  const total = bar.querySelector<HTMLElement>('[data-total]')!;
  let dragging = false;
  const paint = () => {
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const position = dragging ? Number(range.value) : video.currentTime;
    range.max = String(duration || 1);
    if (!dragging) range.value = String(position);
    range.style.setProperty('--fill', `${duration ? (position / duration) * 100 : 0}%`);
    now.textContent = formatDuration(position);
    total.textContent = formatDuration(duration);
    bar.hidden = duration === 0;
  };
  for (const type of ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked']) {
    video.addEventListener(type, paint);
  }
  range.addEventListener('input', () => {
    dragging = true;
    paint();
  });
  range.addEventListener('change', () => {
    dragging = false;
    video.currentTime = Number(range.value);
    paint();
  });
}

const player = document.querySelector<HTMLElement>('[data-player][data-replay-id]');
const video = player?.querySelector('video');
if (player && video) {
  const id = Number(player.dataset.replayId);
  const bar = document.querySelector<HTMLElement>('[data-timeline]');
  if (bar) bindTimeline(video, bar);
  video.addEventListener('playing', () => void countReplayView(id), { once: true });
  const canvas = player.querySelector<HTMLCanvasElement>('canvas[data-barrage]');
  if (canvas) {
    mountReplayBarrage(video, canvas, document.querySelector<HTMLElement>('[data-barrage-bar]'));
  }
  const views = document.querySelector<HTMLElement>('[data-views]');
  const locale = toLocale(document.documentElement.lang);
  $replayViews.subscribe((value) => {
    if (views && value !== null) views.textContent = formatCount(value, locale);
  });
}
