/**
 * The barrage on a canvas: comments wait in a bounded queue, take a free lane, and cross at one
 * speed; each frame only draws text at new positions (no DOM, no layout per comment). The loop
 * runs only while something is on screen or waiting.
 */
import { freeLane, laneCount, positionAt, type LaneTail } from './lanes.ts';

/** A comment to show. */
export interface BarrageComment {
  text: string;
  color?: string;
  /** The viewer's own comment gets an outline box. */
  own?: boolean;
  /** A speaker message: jumps the queue and flies on a gold band. */
  priority?: boolean;
}

/** Knobs of the renderer. */
export interface BarrageOptions {
  /** Font size in CSS px. */
  fontSize?: number;
  /** Time to cross the screen (ms). */
  crossMs?: number;
  /** Comments waiting for a lane beyond this drop, oldest first. */
  maxQueue?: number;
}

/** A running barrage. */
export interface Barrage {
  push: (comment: BarrageComment) => void;
  /** Opacity 0-1 and the fraction of the height lanes may use. */
  configure: (settings: { opacity: number; areaFraction: number; enabled: boolean }) => void;
  /** Comments on screen and waiting, for tests and benchmarks. */
  stats: () => { flying: number; waiting: number };
  destroy: () => void;
}

interface Flying {
  text: string;
  color: string;
  own: boolean;
  priority: boolean;
  width: number;
  lane: number;
  start: number;
}

/** Starts a barrage on `canvas`, sized to its CSS box and the device pixel ratio. */
export function createBarrage(canvas: HTMLCanvasElement, options: BarrageOptions = {}): Barrage {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const fontSize = options.fontSize ?? 22;
  const laneHeight = Math.round(fontSize * 1.6);
  const crossMs = options.crossMs ?? 8000;
  const maxQueue = options.maxQueue ?? 1000;
  const font = `600 ${fontSize}px system-ui, "Noto Sans CJK SC", sans-serif`;
  let width = 0;
  let height = 0;
  let opacity = 0.9;
  let areaFraction = 0.5;
  let enabled = true;
  let tails: (LaneTail | undefined)[] = [];
  let flying: Flying[] = [];
  let queue: BarrageComment[] = [];
  let frame = 0;

  const speed = () => (width || 1) / crossMs;

  function resize(): void {
    const dpr = window.devicePixelRatio || 1;
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    ctx!.setTransform(dpr, 0, 0, dpr, 0, 0);
    relane();
  }

  function relane(): void {
    const count = laneCount(height * areaFraction, laneHeight);
    tails = tails.slice(0, count);
    while (tails.length < count) tails.push(undefined);
    flying = flying.filter((f) => f.lane < count);
  }

  function launch(now: number): void {
    ctx!.font = font;
    while (queue.length) {
      const lane = freeLane(tails, now, speed());
      if (lane < 0) return;
      const next = queue.shift()!;
      const boxed = next.own || next.priority;
      const textWidth = Math.ceil(ctx!.measureText(next.text).width) + (boxed ? 16 : 0);
      tails[lane] = { start: now, width: textWidth };
      flying.push({
        text: next.text,
        color: next.color ?? (next.priority ? '#ffd34d' : '#ffffff'),
        own: Boolean(next.own),
        priority: Boolean(next.priority),
        width: textWidth,
        lane,
        start: now,
      });
    }
  }

  function draw(now: number): void {
    frame = 0;
    launch(now);
    ctx!.clearRect(0, 0, width, height);
    ctx!.globalAlpha = opacity;
    ctx!.font = font;
    ctx!.textBaseline = 'middle';
    ctx!.lineWidth = 3;
    ctx!.strokeStyle = 'rgba(0,0,0,0.65)';
    const s = speed();
    let kept = 0;
    for (const item of flying) {
      const x = positionAt(item.start, now, s, width);
      if (x + item.width < 0) continue;
      flying[kept++] = item;
      const y = item.lane * laneHeight + laneHeight / 2;
      const textX = item.own || item.priority ? x + 8 : x;
      if (item.priority) {
        ctx!.fillStyle = 'rgba(255,184,0,0.22)';
        ctx!.fillRect(x, y - laneHeight / 2 + 2, item.width, laneHeight - 4);
        ctx!.fillStyle = '#ffb800';
        ctx!.fillRect(x, y - laneHeight / 2 + 2, 3, laneHeight - 4);
      }
      ctx!.strokeText(item.text, textX, y);
      ctx!.fillStyle = item.color;
      ctx!.fillText(item.text, textX, y);
      if (item.own) {
        ctx!.strokeStyle = '#3ee7ff';
        ctx!.lineWidth = 1.5;
        ctx!.strokeRect(x, y - laneHeight / 2 + 3, item.width, laneHeight - 6);
        ctx!.strokeStyle = 'rgba(0,0,0,0.65)';
        ctx!.lineWidth = 3;
      }
    }
    flying.length = kept;
    if (flying.length || queue.length) frame = requestAnimationFrame(draw);
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
      // Speaker messages go ahead of ordinary ones still waiting for a lane.
      if (comment.priority) {
        const firstOrdinary = queue.findIndex((c) => !c.priority);
        queue.splice(firstOrdinary < 0 ? queue.length : firstOrdinary, 0, comment);
      } else queue.push(comment);
      if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
      wake();
    },
    configure(settings) {
      opacity = settings.opacity;
      enabled = settings.enabled;
      if (areaFraction !== settings.areaFraction) {
        areaFraction = settings.areaFraction;
        relane();
      }
      if (!enabled) {
        queue = [];
        flying = [];
        cancelAnimationFrame(frame);
        frame = 0;
        ctx.clearRect(0, 0, width, height);
      }
    },
    stats: () => ({ flying: flying.length, waiting: queue.length }),
    destroy() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      queue = [];
      flying = [];
    },
  };
}
