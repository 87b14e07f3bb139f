/**
 * The barrage over a replay: the room's renderer and settings (the same store and bar as the live
 * room), fed by the replay-chat store as the playhead passes each line. The video reports the
 * playhead to the store on every frame while playing, and as a jump on a seek, a loop or the end.
 */
import { createBarrage } from '../../lib/barrage/renderer.ts';
import { $barrage, AREA_FRACTION, densityOf } from '../../lib/stores/barrage.ts';
import { onReplayBarrage, replayPlayhead } from '../../lib/stores/replay-chat.ts';
import { renderBar } from '../live-room/barrage-bar.ts';

/** Runs the barrage of `canvas` and the settings `bar` from `video`'s playhead. */
export function mountReplayBarrage(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
  bar: HTMLElement | null,
): void {
  const barrage = createBarrage(canvas);
  let shown = 0;
  const settings = () => {
    const s = $barrage.get();
    return {
      enabled: s.enabled === 'on',
      opacity: Number(s.opacity),
      areaFraction: AREA_FRACTION[s.area],
      density: densityOf(s.density),
    };
  };
  onReplayBarrage((event) => {
    if (event.kind === 'jump') {
      // Turning the layer off and on again empties its sky and queue.
      barrage.configure({ ...settings(), enabled: false });
      barrage.configure(settings());
      return;
    }
    const { line, own } = event;
    // A count and the last offset on the element let tests and benchmarks follow the barrage.
    canvas.dataset.count = String(++shown);
    canvas.dataset.lastOffset = String(line.offset_ms);
    barrage.push({
      text: line.isSpeaker ? `${line.from_client_name}: ${line.content}` : line.content,
      color: line.font_color || undefined,
      own,
      priority: line.isSpeaker,
    });
  });
  $barrage.subscribe(() => {
    barrage.configure(settings());
    canvas.hidden = $barrage.get().enabled !== 'on';
  });
  if (bar) renderBar(bar);

  let frame = 0;
  const follow = () => {
    replayPlayhead(video.currentTime * 1000);
    frame = video.paused || video.ended ? 0 : requestAnimationFrame(follow);
  };
  const start = () => {
    if (!frame) frame = requestAnimationFrame(follow);
  };
  video.addEventListener('playing', start);
  video.addEventListener('play', start);
  // A seek (the timeline, the keyboard), the loop starting over or the end: both jump.
  for (const type of ['seeking', 'seeked', 'ended']) {
    video.addEventListener(type, () => replayPlayhead(video.currentTime * 1000, true));
  }
  video.addEventListener('timeupdate', () => {
    if (video.paused) replayPlayhead(video.currentTime * 1000);
  });
}
