/** The viewer's player preferences, kept in local storage across rooms and visits. */
import { persistentAtom } from '@nanostores/persistent';

/**
 * Low-latency live playback (off by default: it stalls more on weak networks); on, the room's
 * player tries WebRTC first. room-boot.ts reads the stored '1' itself, to fetch that engine early.
 */
export const $lowLatency = persistentAtom<boolean>('player:lowLatency', false, {
  encode: (value) => (value ? '1' : '0'),
  decode: (value) => value === '1',
});

/** Volume from 0 to 1, applied when the viewer unmutes. */
export const $volume = persistentAtom<number>('player:volume', 0.8, {
  encode: String,
  decode: (value) => {
    const n = Number(value);
    return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0.8;
  },
});

/** Turns low latency on or off. */
export function setLowLatency(on: boolean): void {
  $lowLatency.set(on);
}

/** Stores a volume, clamped to 0..1. */
export function setVolume(volume: number): void {
  $volume.set(Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 0)));
}
