import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { holdIslands } from './hold.ts';

type Directive = (load: () => unknown, opts: unknown, el: unknown) => Promise<unknown>;

/**
 * A page's globals as far as the hold script uses them, with a clock the test moves; `connection`
 * is what the browser's Network Information API says (none: a browser without it).
 */
function page(connection?: { effectiveType: string }) {
  const listeners = new Map<string, () => void>();
  const timers: { at: number; run: () => void }[] = [];
  const navigator = connection ? { connection } : undefined;
  const self: {
    Astro?: { only?: Directive };
    arenaHold?: Promise<unknown>;
    navigator?: unknown;
  } = { navigator };
  const globals = {
    self,
    navigator,
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: ms, run }),
  };
  return {
    self,
    run: (script: string) => {
      runInNewContext(script, globals);
    },
    fire: (type: string) => listeners.get(type)?.(),
    wait: (ms: number) => timers.filter((t) => t.at <= ms).forEach((t) => t.run()),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('holding islands until the player settles', () => {
  const { script, hash } = holdIslands('player-settled', { capMs: 1500, slowCapMs: 8000 });

  it('gives the hash of exactly the script it emits', async () => {
    const { createHash } = await import('node:crypto');
    expect(hash).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`);
  });

  it('holds an island that starts after the directive was defined, until the event', async () => {
    const p = page();
    const started: string[] = [];
    p.self.Astro = { only: (load) => Promise.resolve(started.push(String(load()))) };
    p.run(script);
    const held = p.self.Astro.only!(() => 'chat', {}, {});
    await flush();
    expect(started).toEqual([]);
    p.fire('player-settled');
    await held;
    expect(started).toEqual(['chat']);
  });

  it('catches a directive that Astro defines after the script ran', async () => {
    const p = page();
    p.run(script);
    // Islands look the directive up; until Astro defines it they wait for its event.
    expect(p.self.Astro!.only).toBeUndefined();
    const started: string[] = [];
    p.self.Astro!.only = (load) => Promise.resolve(started.push(String(load())));
    const held = p.self.Astro!.only(() => 'gifts', {}, {});
    await flush();
    expect(started).toEqual([]);
    p.fire('player-settled');
    await held;
    expect(started).toEqual(['gifts']);
  });

  // The cap by the browser's rating of the line: none (no Network Information API) and 4g get
  // the short one; slower lines, where the islands would share the line with the video, the long.
  it.each([
    [undefined, 1500],
    ['4g', 1500],
    ['3g', 8000],
    ['2g', 8000],
    ['slow-2g', 8000],
  ] as const)(
    'lets the islands go after the cap when the player never settles (connection %s: %i ms)',
    async (effectiveType, cap) => {
      const p = page(effectiveType ? { effectiveType } : undefined);
      const started: string[] = [];
      p.self.Astro = { only: (load) => Promise.resolve(started.push(String(load()))) };
      p.run(script);
      const held = p.self.Astro.only!(() => 'ranking', {}, {});
      p.wait(cap - 1);
      await flush();
      expect(started).toEqual([]);
      p.wait(cap);
      await held;
      expect(started).toEqual(['ranking']);
    },
  );

  it('still lets the islands go at once when a viewer on a slow line reaches for the page', async () => {
    const p = page({ effectiveType: '3g' });
    const started: string[] = [];
    p.self.Astro = { only: (load) => Promise.resolve(started.push(String(load()))) };
    p.run(script);
    const held = p.self.Astro.only!(() => 'chat', {}, {});
    p.wait(1500);
    await flush();
    expect(started).toEqual([]);
    p.fire('pointerdown');
    await held;
    expect(started).toEqual(['chat']);
  });

  // The player settling, or the user's first pointer or key, whichever comes first.
  it.each(['player-settled', 'pointerdown', 'keydown'])(
    'leaves its wait for the page shell, which goes on with the islands at %s and not before',
    async (event) => {
      const p = page();
      const order: string[] = [];
      p.self.Astro = { only: (load) => Promise.resolve(order.push(String(load()))) };
      p.run(script);
      const island = p.self.Astro.only!(() => 'chat', {}, {});
      // The shell, a deferred module, reaches the wait after the islands were parsed.
      const shell = p.self.arenaHold!.then(() => order.push('shell'));
      await flush();
      expect(order).toEqual([]);
      p.fire(event);
      await Promise.all([island, shell]);
      expect(order).toContain('shell');
      expect(order).toContain('chat');
    },
  );
});
