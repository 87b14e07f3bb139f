/**
 * The page side of bench:barrage: runs one barrage engine in a 1440x810 stage, feeds it
 * comments at a fixed rate and counts animation frames. Bundled for the browser by the bench.
 */
import Danmaku from 'danmaku';
import { createBarrage } from '../../src/lib/barrage/renderer.ts';

/** Which engine to drive. */
export type Engine = 'ours' | 'danmaku-canvas' | 'danmaku-dom';

/** What one run measured. */
export interface RunResult {
  engine: Engine;
  seconds: number;
  pushed: number;
  fps: number;
  /** 99th percentile and worst gap between frames (ms). */
  p99FrameMs: number;
  worstFrameMs: number;
  /** Most comments alive at once (on screen plus waiting), where the engine reports it. */
  maxAlive: number;
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

function makeEngine(engine: Engine, stage: HTMLElement) {
  if (engine === 'ours') {
    const canvas = document.createElement('canvas');
    canvas.style.cssText = 'position:absolute;inset:0;width:100%;height:100%';
    stage.append(canvas);
    const b = createBarrage(canvas);
    b.configure({ opacity: 0.9, areaFraction: 1, enabled: true });
    return {
      push: (text: string) => b.push({ text }),
      alive: () => {
        const s = b.stats();
        return s.flying + s.waiting;
      },
      destroy: () => {
        b.destroy();
        canvas.remove();
      },
    };
  }
  const d = new Danmaku({
    container: stage,
    engine: engine === 'danmaku-canvas' ? 'canvas' : 'dom',
  });
  const style =
    engine === 'danmaku-canvas'
      ? { font: '600 22px sans-serif', fillStyle: '#fff', strokeStyle: '#000', lineWidth: 3 }
      : { fontSize: '22px', fontWeight: '600', color: '#fff', textShadow: '0 0 3px #000' };
  return {
    push: (text: string) => d.emit({ text, style }),
    alive: () => 0,
    destroy: () => d.destroy(),
  };
}

/** Feeds `rate` comments/s for `seconds` and measures frames; resolves when done. */
export function run(engine: Engine, seconds: number, rate: number): Promise<RunResult> {
  const stage = document.getElementById('stage')!;
  const e = makeEngine(engine, stage);
  const frames: number[] = [];
  let pushed = 0;
  let maxAlive = 0;
  let running = true;
  const tick = (t: number) => {
    frames.push(t);
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const perTick = rate / 20;
  const feeder = setInterval(() => {
    for (let i = 0; i < perTick; i++) {
      e.push(`${WORDS[pushed % WORDS.length]} #${pushed}`);
      pushed++;
    }
    maxAlive = Math.max(maxAlive, e.alive());
  }, 50);
  return new Promise((resolve) => {
    setTimeout(() => {
      running = false;
      clearInterval(feeder);
      e.destroy();
      const gaps = frames
        .slice(1)
        .map((t, i) => t - frames[i]!)
        .sort((a, b) => a - b);
      const span = frames.at(-1)! - frames[0]!;
      resolve({
        engine,
        seconds,
        pushed,
        fps: Math.round(((frames.length - 1) / span) * 10000) / 10,
        p99FrameMs: Math.round(gaps[Math.floor(gaps.length * 0.99)] ?? 0),
        worstFrameMs: Math.round(gaps.at(-1) ?? 0),
        maxAlive,
      });
    }, seconds * 1000);
  });
}
