// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $lowLatency, $volume, setLowLatency, setVolume } from './settings.ts';
import { createPlayerStore } from './store.ts';

describe('player store', () => {
  afterEach(() => {
    cleanStores($lowLatency, $volume);
    localStorage.clear();
  });

  it('starts idle and muted for a live room, not started for an offline one', () => {
    const live = createPlayerStore(true, 0.5).$view.get();
    expect(live).toMatchObject({ status: 'idle', muted: true, autoMuted: true, volume: 0.5 });
    expect(createPlayerStore(false).$view.get().status).toBe('notStarted');
  });

  it('runs events through the machine and notifies only on change', () => {
    const { $view, send, update } = createPlayerStore(true);
    const statuses: string[] = [];
    const unbind = $view.listen((view) => statuses.push(`${view.status}:${view.attempt}`));
    send({ type: 'load' });
    send({ type: 'load' });
    send({ type: 'fail' });
    send({ type: 'load' });
    send({ type: 'playing' });
    update({ paused: true });
    update({ paused: false, activeHeight: 480 });
    update({ paused: false });
    expect(statuses).toEqual(['loading:0', 'away:1', 'loading:1', 'playing:0', 'playing:0']);
    expect($view.get()).toMatchObject({ paused: false, activeHeight: 480 });
    unbind();
  });

  it('keeps the low-latency switch and the volume in local storage', () => {
    expect($lowLatency.get()).toBe(false);
    setLowLatency(true);
    expect(localStorage.getItem('player:lowLatency')).toBe('1');
    setVolume(1.7);
    expect($volume.get()).toBe(1);
    setVolume(Number.NaN);
    expect(localStorage.getItem('player:volume')).toBe('0');
  });
});
