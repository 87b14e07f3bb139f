/**
 * The gift-stage benchmark page, bundled by esbuild: the real stage (`createGiftStage`) fed by
 * the real play queue, over a dark player-sized box. `run` queues gifts and measures frames and
 * plays; `show` plays one gift or entrance for screenshots.
 */
import { createI18n } from '../../src/lib/i18n/index.ts';
import { GIFTS, giftById, type GiftDefinition } from '../../src/lib/gifts/catalogue.ts';
import { createPlayQueue, GIFT_QUEUE_CAP, GIFT_MAX_MS } from '../../src/lib/gifts/queue.ts';
import type { EnterData, GiftData } from '../../src/lib/realtime/protocol/index.ts';
import { createGiftStage, type GiftStage } from '../../src/islands/gift-stage/stage.ts';

/** Result of one run. */
export interface RunResult {
  gifts: number;
  played: number;
  seconds: number;
  fps: number;
  p99FrameMs: number;
  worstFrameMs: number;
  renderer: string;
}

let stage: GiftStage | undefined;

function host(): HTMLElement {
  return document.getElementById('stage')!;
}

/** Creates the stage in the page's box (`width` x `height` CSS px). */
export async function setup(
  width: number,
  height: number,
  locale: 'en-US' | 'zh-CN' = 'en-US',
  preference?: 'webgl' | 'canvas',
) {
  const box = host();
  box.style.width = `${width}px`;
  box.style.height = `${height}px`;
  stage = await createGiftStage(box, createI18n(locale), locale, preference);
  return box.dataset.renderer ?? '';
}

/** A gift frame as the hub sends it. */
export function giftFrame(def: GiftDefinition, n: number, hit = 1): GiftData {
  return {
    id: `bench-${n}`,
    giftid: def.id,
    gift_name: def.name['en-US'],
    count: 1,
    hit,
    uid: 100001 + (n % 3),
    sender: ['SkyRider', '龙吟九天', '米娅Mia'][n % 3]!,
    avatar: `/demo/avatars/u${(n % 3) + 1}.svg`,
    level: 12,
    vip_level: n % 4,
    icon: def.icon,
    animation: def.animation,
    animat_type: def.animat_type,
    time: Date.now(),
  };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ready(check: () => string): Promise<void> {
  while (check() === 'loading') await wait(50);
}

/** Plays gift `giftid` (or a noble entrance of `level`) and resolves when it has started. */
export async function show(what: {
  giftid?: number;
  level?: 1 | 2 | 3;
  hit?: number;
  name?: string;
}) {
  const s = stage!;
  const controller = new AbortController();
  if (what.level) {
    const level = what.level;
    await ready(() => s.entranceReadiness(level));
    const user: EnterData = {
      user_id: 100002,
      from_client_name: what.name ?? '龙吟九天',
      avatar: '/demo/avatars/u2.svg',
      level: 30,
      vip_level: level,
      role: 1,
    };
    void s.playEntrance(user, controller.signal);
  } else {
    const def = giftById(what.giftid!)!;
    await ready(() => s.giftReadiness(def));
    void s.playGift(giftFrame(def, 1, what.hit ?? 1), def, controller.signal);
  }
  return true;
}

/** Queues `count` animated gifts at once and measures until the queue is empty. */
export async function run(count: number): Promise<RunResult> {
  const s = stage!;
  const animated = GIFTS.filter((g) => g.animat_type === 1);
  const frames: number[] = [];
  let last = performance.now();
  let measuring = true;
  const frame = (now: number) => {
    frames.push(now - last);
    last = now;
    if (measuring) requestAnimationFrame(frame);
  };
  let played = 0;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((r) => (resolveDone = r));
  const queue = createPlayQueue<GiftData, GiftDefinition>({
    resolve: (gift) => giftById(gift.giftid),
    readiness: (def) => s.giftReadiness(def),
    play: async (gift, def, signal) => {
      await s.playGift(gift, def, signal);
      played += 1;
      if (played === count) resolveDone();
    },
    cap: Math.max(count, GIFT_QUEUE_CAP),
    maxMs: GIFT_MAX_MS,
  });
  const start = performance.now();
  requestAnimationFrame(frame);
  for (let i = 0; i < count; i++)
    queue.push(giftFrame(animated[i % animated.length]!, i, 1 + (i % 5)));
  await done;
  measuring = false;
  const seconds = (performance.now() - start) / 1000;
  const sorted = frames.slice(2).sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    gifts: count,
    played,
    seconds: Math.round(seconds * 10) / 10,
    fps: Math.round((1000 / mean) * 10) / 10,
    p99FrameMs: Math.round(sorted[Math.floor(sorted.length * 0.99)]! * 10) / 10,
    worstFrameMs: Math.round(sorted.at(-1)! * 10) / 10,
    renderer: host().dataset.renderer ?? '',
  };
}

/** Destroys the stage (to measure what stays on the heap). */
export function teardown(): void {
  stage?.destroy();
  stage = undefined;
}
