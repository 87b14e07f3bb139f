/**
 * The anchor's incoming stream health (GET /api/studio/stream_health), for the anchor centre
 * and the anchor's own live room. While a screen shows it the store asks every HEALTH_POLL_MS
 * when a live session is open, and every IDLE_POLL_MS otherwise (to notice a start).
 */
import { atom, onMount } from 'nanostores';
import { send } from '../api/client.ts';
import { studioApi } from '../studio/api.ts';
import { HEALTH_POLL_MS, type StreamHealth } from '../studio/stream-health.ts';

/** How often the figures are asked for when no live session is open. */
export const IDLE_POLL_MS = 30_000;

/** The newest answer, the error of the last failed ask, or loading before the first. */
export type HealthState =
  | { state: 'loading' }
  | { state: 'ready'; health: StreamHealth }
  | { state: 'failed'; message: string; health: StreamHealth | null };

/** The stream health; polling runs while something subscribes. */
export const $streamHealth = atom<HealthState>({ state: 'loading' });

/** Asks once and stores the answer; returns the delay before the next ask. */
export async function refreshStreamHealth(): Promise<number> {
  const before = $streamHealth.get();
  try {
    const health = await send(studioApi.streamHealth);
    $streamHealth.set({ state: 'ready', health });
    return health.session_open || health.receiving ? HEALTH_POLL_MS : IDLE_POLL_MS;
  } catch (error) {
    const health = before.state === 'loading' ? null : before.health;
    $streamHealth.set({ state: 'failed', message: (error as Error).message, health });
    return HEALTH_POLL_MS;
  }
}

onMount($streamHealth, () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = true;
  const loop = async () => {
    const wait = await refreshStreamHealth();
    if (active) timer = setTimeout(() => void loop(), wait);
  };
  void loop();
  return () => {
    active = false;
    clearTimeout(timer);
  };
});
