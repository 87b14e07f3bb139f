/**
 * The page side of bench:barrage: runs one barrage engine in a 1440x810 stage, feeds it
 * comments at a fixed rate, and counts animation frames, the comments on screen (sampled every
 * frame), the comments dropped and the wait from push to launch. Every engine keeps a comment on
 * screen the same time on average, so equal pushes mean equal work. Bundled for the browser by the bench.
 */
import Danmaku from 'danmaku';
import { createBarrage } from '../../src/lib/barrage/renderer.ts';

/** Which engine to drive: ours at a density, or the `danmaku` library's canvas or DOM engine. */
export type Engine = 'ours-full' | 'ours-normal' | 'danmaku-canvas' | 'danmaku-dom';

/**
 * Time a comment stays on screen, for every engine (ms). The library moves a comment its own
 * width plus the stage's in this time; ours moves every comment at one speed (so a lane's comments
 * never meet) and a comment stays until its tail has left, so our crossing time is set to give
 * the benchmark's comments the same stay on average.
 */
export const STAY_MS = 8000;

/** What one run measured. */
export interface RunResult {
  engine: Engine;
  seconds: number;
  pushed: number;
  fps: number;
  /** 99th percentile and worst gap between frames (ms). */
  p99FrameMs: number;
  worstFrameMs: number;
  /** Comments on screen, sampled every frame after the first crossing. */
  onScreenMean: number;
  onScreenMax: number;
  /** Comments dropped (stale or beyond the queue); the library drops none. */
  dropped: number;
  /** Wait from push to launch (ms). */
  lagP50: number;
  lagP99: number;
  lagMax: number;
}

const WORDS = [
  'GOAL!!!',
  'What a save',
  '好球！',
  '这波配合太漂亮了',
  'Offside, surely?',
  '裁判看VAR',
  'Come on you reds',
  '666666',
  'That pass though',
  '后卫在干什么',
  'Best match of the season',
  '加油加油',
];

interface EngineDriver {
  push: (text: string) => void;
  onScreen: () => number;
  dropped: () => number;
  /** Lags of launches since the last call (ms). */
  lags: (frameTime: number) => number[];
  destroy: () => void;
}

interface DanmakuComment {
  text: string;
}

function makeEngine(engine: Engine, stage: HTMLElement): EngineDriver {
  if (engine === 'ours-full' || engine === 'ours-normal') {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
    stage.append(canvas);
    // Mean width of the comments at the renderer's font: a comment stays crossMs * (1 + w / W).
    const probe = canvas.getContext('2d')!;
    probe.font = '600 22px system-ui, "Noto Sans CJK SC", sans-serif';
    const meanWidth =
      WORDS.reduce((sum, w) => sum + probe.measureText(`${w} #1234`).width + 6, 0) / WORDS.length;
    const crossMs = (STAY_MS * stage.clientWidth) / (stage.clientWidth + meanWidth);
    const b = createBarrage(canvas, { crossMs });
    b.configure({
      opacity: 0.9,
      areaFraction: 1,
      enabled: true,
      density: engine === 'ours-full' ? 'full' : 'normal',
    });
    return {
      push: (text) => b.push({ text }),
      onScreen: () => b.stats().flying,
      dropped: () => b.stats().dropped,
      lags: () => b.takeLags(),
      destroy: () => {
        b.destroy();
        canvas.remove();
      },
    };
  }
  const d = new Danmaku({
    container: stage,
    engine: engine === 'danmaku-canvas' ? 'canvas' : 'dom',
    // px/s: its duration (stage width / speed) is the stay.
    speed: (stage.clientWidth * 1000) / STAY_MS,
  });
  const style =
    engine === 'danmaku-canvas'
      ? { font: '600 22px sans-serif', fillStyle: '#fff', strokeStyle: '#000', lineWidth: 3 }
      : { fontSize: '22px', fontWeight: '600', color: '#fff', textShadow: '0 0 3px #000' };
  // The library keeps what is on screen in its running list; a comment enters it on the first
  // frame after its push.
  const running = () => (d as unknown as { _: { runningList: DanmakuComment[] } })._.runningList;
  const pushedAt = new Map<string, number>();
  const seen = new Set<DanmakuComment>();
  return {
    push: (text) => {
      pushedAt.set(text, performance.now());
      d.emit({ text, style });
    },
    onScreen: () => running().length,
    dropped: () => 0,
    lags: (frameTime) => {
      const out: number[] = [];
      for (const cmt of running()) {
        if (seen.has(cmt)) continue;
        seen.add(cmt);
        const at = pushedAt.get(cmt.text);
        if (at !== undefined) out.push(Math.max(0, frameTime - at));
        pushedAt.delete(cmt.text);
      }
      return out;
    },
    destroy: () => d.destroy(),
  };
}

/** Feeds `rate` comments/s for `seconds` and measures; resolves when done. */
export function run(engine: Engine, seconds: number, rate: number): Promise<RunResult> {
  const stage = document.getElementById('stage')!;
  const e = makeEngine(engine, stage);
  const frames: number[] = [];
  const onScreen: number[] = [];
  const lags: number[] = [];
  let pushed = 0;
  let running = true;
  const begin = performance.now();
  const tick = (t: number) => {
    frames.push(t);
    // The screen fills during the first crossing; count from then on.
    if (t - begin > STAY_MS) onScreen.push(e.onScreen());
    lags.push(...e.lags(t));
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const perTick = rate / 20;
  const feeder = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      e.push(`${WORDS[pushed % WORDS.length]} #${pushed}`);
      pushed++;
    }
  }, 50);
  return new Promise((resolve) => {
    setTimeout(() => {
      running = false;
      clearInterval(feeder);
      const dropped = e.dropped();
      e.destroy();
      const gaps = frames
        .slice(1)
        .map((t, i) => t - frames[i]!)
        .sort((a, b) => a - b);
      const span = frames.at(-1)! - frames[0]!;
      lags.sort((a, b) => a - b);
      const at = (p: number) => Math.round(lags[Math.floor(lags.length * p)] ?? 0);
      resolve({
        engine,
        seconds,
        pushed,
        fps: Math.round(((frames.length - 1) / span) * 10000) / 10,
        p99FrameMs: Math.round(gaps[Math.floor(gaps.length * 0.99)] ?? 0),
        worstFrameMs: Math.round(gaps.at(-1) ?? 0),
        onScreenMean: Math.round(onScreen.reduce((s, n) => s + n, 0) / (onScreen.length || 1)),
        onScreenMax: Math.max(0, ...onScreen),
        dropped,
        lagP50: at(0.5),
        lagP99: at(0.99),
        lagMax: Math.round(lags.at(-1) ?? 0),
      });
    }, seconds * 1000);
  });
}
