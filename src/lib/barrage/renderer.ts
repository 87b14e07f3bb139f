/**
 * The barrage on a canvas. Comments wait in the scheduler (scheduler.ts: freshness cap, density,
 * lanes) and cross at one speed. Each comment is drawn once, outline and fill, into a sprite of
 * its own when it launches; a frame only copies sprites at new positions, so a thousand comments
 * on screen cost a thousand image copies, not a thousand text layouts. The loop runs only while
 * something is on screen or waiting.
 */
import { positionAt } from './lanes.ts';
import { createScheduler, type BarrageDensity } from './scheduler.ts';

/** A comment to show. */
export interface BarrageComment {
  text: string;
  color?: string;
  /** The viewer's own comment gets an outline box. */
  own?: boolean;
  /** A speaker message: jumps the queue, is never dropped and flies on a gold band. */
  priority?: boolean;
}

/** Knobs of the renderer. */
export interface BarrageOptions {
  /** Font size in CSS px. */
  fontSize?: number;
  /** Time to cross the screen (ms). */
  crossMs?: number;
  /** Comments waiting for a lane beyond this drop, oldest ordinary first. */
  maxQueue?: number;
}

/** Settings a viewer changes. */
export interface BarrageSettings {
  opacity: number;
  /** Fraction of the height lanes may use. */
  areaFraction: number;
  enabled: boolean;
  density?: BarrageDensity;
}

/** What the barrage did, for tests and benchmarks. */
export interface BarrageStats {
  /** On screen now. */
  flying: number;
  /** Waiting for a lane. */
  waiting: number;
  /** Launched so far. */
  shown: number;
  /** Dropped so far (stale, or beyond the queue). */
  dropped: number;
}

/** A running barrage. */
export interface Barrage {
  push: (comment: BarrageComment) => void;
  configure: (settings: BarrageSettings) => void;
  stats: () => BarrageStats;
  /** Waits from push to launch (ms) since the last call, for benchmarks. */
  takeLags: () => number[];
  destroy: () => void;
}

type Surface = HTMLCanvasElement | OffscreenCanvas;

/**
 * Comments drawn into sprites per frame at most: a burst (the hub delivers in ticks) is spread
 * over a few frames instead of costing one long frame; at 60 fps that is 360 comments a second.
 */
export const PAINTS_PER_FRAME = 6;

interface Queued extends BarrageComment {
  sprite?: Surface;
  width?: number;
}

interface Flying {
  sprite: Surface;
  width: number;
  y: number;
  start: number;
}

function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Starts a barrage on `canvas`, sized to its CSS box and the device pixel ratio. */
export function createBarrage(canvas: HTMLCanvasElement, options: BarrageOptions = {}): Barrage {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const fontSize = options.fontSize ?? 22;
  const laneHeight = Math.round(fontSize * 1.6);
  const crossMs = options.crossMs ?? 8000;
  const font = `600 ${fontSize}px system-ui, "Noto Sans CJK SC", sans-serif`;
  const scheduler = createScheduler<Queued>(options.maxQueue ?? 1000);
  // Text is measured on the main context: its font is set once per frame.
  const measure = ctx;
  let width = 0;
  let height = 0;
  let dpr = 1;
  let opacity = 0.9;
  let areaFraction = 0.5;
  let density: BarrageDensity = 'normal';
  let enabled = true;
  let flying: Flying[] = [];
  let frame = 0;
  let shown = 0;
  let lags: number[] = [];

  const speed = () => (width || 1) / crossMs;

  function resize(): void {
    dpr = window.devicePixelRatio || 1;
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    relane();
  }

  function relane(): void {
    scheduler.layout(height * areaFraction, laneHeight, density);
    const { count, spacing } = scheduler.lanes();
    const bottom = (count - 1) * spacing + laneHeight;
    flying = flying.filter((f) => f.y + laneHeight / 2 <= bottom + 1);
  }

  /** Draws a comment once into its sprite; returns its width in CSS px. */
  function paint(item: Queued): number {
    measure.font = font;
    const boxed = item.own || item.priority;
    const w = Math.ceil(measure.measureText(item.text).width) + (boxed ? 16 : 6);
    const sprite = surface(Math.ceil(w * dpr), Math.ceil(laneHeight * dpr));
    const g = sprite.getContext('2d') as CanvasRenderingContext2D | null;
    if (g) {
      g.scale(dpr, dpr);
      g.font = font;
      g.textBaseline = 'middle';
      g.lineJoin = 'round';
      const y = laneHeight / 2;
      if (item.priority) {
        g.fillStyle = 'rgba(255,184,0,0.22)';
        g.fillRect(0, 2, w, laneHeight - 4);
        g.fillStyle = '#ffb800';
        g.fillRect(0, 2, 3, laneHeight - 4);
      }
      const textX = boxed ? 8 : 3;
      g.lineWidth = 3;
      g.strokeStyle = 'rgba(0,0,0,0.65)';
      g.strokeText(item.text, textX, y);
      g.fillStyle = item.color ?? (item.priority ? '#ffd34d' : '#ffffff');
      g.fillText(item.text, textX, y);
      if (item.own) {
        g.strokeStyle = '#3ee7ff';
        g.lineWidth = 1.5;
        g.strokeRect(0.75, 3, w - 1.5, laneHeight - 6);
      }
    }
    item.sprite = sprite;
    item.width = w;
    return w;
  }

  function draw(now: number): void {
    frame = 0;
    const s = speed();
    const { spacing } = scheduler.lanes();
    for (const launch of scheduler.launch(now, s, paint, PAINTS_PER_FRAME)) {
      const item = launch.item;
      flying.push({
        sprite: item.sprite!,
        width: item.width!,
        y: launch.lane * spacing + laneHeight / 2,
        start: now,
      });
      shown += 1;
      if (lags.length < 100_000) lags.push(launch.lag);
    }
    ctx!.setTransform(1, 0, 0, 1, 0, 0);
    ctx!.clearRect(0, 0, canvas.width, canvas.height);
    ctx!.globalAlpha = opacity;
    let kept = 0;
    for (const item of flying) {
      const x = positionAt(item.start, now, s, width);
      if (x + item.width < 0) continue;
      flying[kept++] = item;
      // Whole device pixels: a sprite copied 1:1 stays sharp and is the cheapest copy there is.
      ctx!.drawImage(item.sprite, Math.round(x * dpr), Math.round((item.y - laneHeight / 2) * dpr));
    }
    flying.length = kept;
    if (flying.length || scheduler.counts().waiting) frame = requestAnimationFrame(draw);
  }

  function wake(): void {
    if (!frame && enabled) frame = requestAnimationFrame(draw);
  }

  const observer = new ResizeObserver(() => resize());
  observer.observe(canvas);
  resize();

  return {
    push(comment) {
      if (!enabled) return;
      scheduler.push({ ...comment }, performance.now(), Boolean(comment.priority));
      wake();
    },
    configure(settings) {
      opacity = settings.opacity;
      enabled = settings.enabled;
      const nextDensity = settings.density ?? density;
      if (areaFraction !== settings.areaFraction || density !== nextDensity) {
        areaFraction = settings.areaFraction;
        density = nextDensity;
        relane();
      }
      if (!enabled) {
        scheduler.clear();
        flying = [];
        cancelAnimationFrame(frame);
        frame = 0;
        ctx.clearRect(0, 0, canvas.width, canvas.height);
      }
    },
    stats: () => ({
      flying: flying.length,
      waiting: scheduler.counts().waiting,
      shown,
      dropped: scheduler.counts().dropped,
    }),
    takeLags() {
      const taken = lags;
      lags = [];
      return taken;
    },
    destroy() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      scheduler.clear();
      flying = [];
    },
  };
}
