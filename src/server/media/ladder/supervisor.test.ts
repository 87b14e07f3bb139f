import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLadder, type Supervisor } from './supervisor.ts';

let dir: string;
let hls: string;
let fakeFfmpeg: string;
let ladder: Supervisor | undefined;

/** Waits until `check` is true, or fails after `ms`. */
async function until(what: string, check: () => boolean, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A source playlist for `id` whose one segment is `segment` (after `before`, if given). */
function publish(id: number, segment: string, before = '') {
  writeFileSync(
    path.join(hls, `${id}.m3u8`),
    `#EXTM3U\n#EXT-X-TARGETDURATION:1\n${before}#EXTINF:0.2,\n${segment}\n`,
  );
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ladder-sup-'));
  hls = path.join(dir, 'hls');
  mkdirSync(hls);
  // Five frames each: a 720p source (gets 480p) and a 360p one (plays as it is).
  for (const [name, size] of [
    ['hd.ts', '1280x720'],
    ['sd.ts', '640x360'],
  ]) {
    // prettier-ignore
    execFileSync('/usr/bin/ffmpeg', [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`, '-frames:v', '5',
      '-c:v', 'libx264', '-preset', 'ultrafast', path.join(hls, name!),
    ]);
  }
  // A transcoder that runs until it is stopped, whatever it is asked.
  fakeFfmpeg = path.join(dir, 'ffmpeg');
  writeFileSync(fakeFfmpeg, '#!/bin/sh\nexec sleep 60\n');
  chmodSync(fakeFfmpeg, 0o755);
});

afterAll(async () => {
  await ladder?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('startLadder', () => {
  it('transcodes at most MEDIA_TRANSCODE_MAX lives and gives a freed place to the next', async () => {
    publish(1, 'hd.ts');
    publish(2, 'hd.ts');
    publish(3, 'sd.ts');
    ladder = startLadder({
      mediaDir: dir,
      rtmpPort: 1,
      settings: { max: 1, preset: 'ultrafast' },
      intervalMs: 100,
      ffmpeg: fakeFfmpeg,
    });
    const byId = () => new Map(ladder!.lives().map((l) => [l.anchorId, l]));
    await until(
      'three probed lives',
      () => [...byId().values()].filter((l) => l.source).length === 3,
    );
    publish(4, 'hd.ts');
    await until('one transcoder', () => [...byId().values()].some((l) => l.pid));
    const first = [...byId().values()].find((l) => l.pid)!;
    expect(byId().get(3)).toMatchObject({ heights: [], transcoding: false, pid: null });
    await new Promise((r) => setTimeout(r, 500));
    expect([...byId().values()].filter((l) => l.transcoding)).toHaveLength(1);

    // That live ends (its playlist goes): its place goes to a live waiting for one.
    rmSync(path.join(hls, `${first.anchorId}.m3u8`));
    await until('the next live transcoded', () => {
      const running = [...byId().values()].filter((l) => l.pid);
      return running.length === 1 && running[0]!.anchorId !== first.anchorId;
    });
    expect(byId().has(first.anchorId)).toBe(false);
    expect(() => process.kill(first.pid!, 0)).toThrow();
  });

  it('starts the ladder over when the anchor publishes again', async () => {
    await ladder?.stop();
    for (const id of [1, 2, 3, 4]) rmSync(path.join(hls, `${id}.m3u8`), { force: true });
    publish(5, 'hd.ts', '#EXT-X-DISCONTINUITY\n');
    ladder = startLadder({
      mediaDir: dir,
      rtmpPort: 1,
      settings: { max: 1, preset: 'ultrafast' },
      intervalMs: 100,
      ffmpeg: fakeFfmpeg,
    });
    const pid = () => ladder!.lives()[0]?.pid ?? null;
    await until('a transcoder', () => pid() !== null);
    const first = pid()!;
    await new Promise((r) => setTimeout(r, 300));
    expect(pid()).toBe(first);
    // nginx marks the new publish's first fragment: its clock starts over, so does the ladder.
    copyFileSync(path.join(hls, 'hd.ts'), path.join(hls, 'hd2.ts'));
    publish(5, 'hd2.ts', '#EXT-X-DISCONTINUITY\n#EXTINF:0.2,\nhd.ts\n#EXT-X-DISCONTINUITY\n');
    await until('a new transcoder', () => pid() !== null && pid() !== first);
    expect(ladder.lives()[0]!.restarts).toBe(0);
  });
});
