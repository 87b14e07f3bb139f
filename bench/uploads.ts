/**
 * `npm run bench:uploads`: what image uploads do to everyone else. Eight accounts upload a legal
 * animated GIF (2000 x 2000, 5 frames: the animation budget, in flat colours) in a loop while a
 * stored file and a password login are timed once a second; the same probes are timed first
 * with no uploads. Runs the whole request listener in process on PGlite, as one server process.
 * BENCH_UPLOAD_SECONDS sets the loaded run's length (default 60).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { createApi } from '../src/server/app.ts';
import { createSession } from '../src/server/sessions.ts';
import { createRequestListener } from '../src/server/server.ts';
import { createMemoryState } from '../src/server/shared/state.ts';
import { openTestRuntime, usersWithWallets } from '../tests/integration/helpers.ts';
import { machine, saveResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_UPLOAD_SECONDS ?? 60);
const UPLOADERS = 8;

/** An animated GIF of `frames` frames of `side` x `side`, each a different pair of colours. */
async function animatedGif(side: number, frames: number): Promise<Buffer> {
  const frame = side * side * 3;
  const pixels = Buffer.alloc(frame * frames);
  for (let i = 0; i < frames; i++) {
    const band = pixels.subarray(i * frame, (i + 1) * frame);
    for (let y = 0; y < side; y++) {
      const split = (y * (i + 2)) % side;
      band.fill(40 + i * 20, y * side * 3, (y * side + split) * 3);
      band.fill(200 - i * 10, (y * side + split) * 3, (y + 1) * side * 3);
    }
  }
  const raw = { width: side, height: side * frames, channels: 3 as const, pageHeight: side };
  return sharp(pixels, { raw }).gif({ effort: 1, loop: 0 }).toBuffer();
}

/** Resident memory of this process and its children (the conversion process), MB. */
function residentMb(): number {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
    const children = out
      .split('\n')
      .map(Number)
      .filter((n) => n > 0)
      .reduce((a, b) => a + b, 0);
    return Math.round(process.memoryUsage().rss / 2 ** 20 + children / 1024);
  } catch {
    return Math.round(process.memoryUsage().rss / 2 ** 20);
  }
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: Math.round(s.at(-1) ?? 0) };
};

const t = await openTestRuntime('pglite');
const api = createApi(t.rt);
const server = createServer(createRequestListener({ rt: t.rt, api, hub: undefined as never }));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
try {
  const ids = await usersWithWallets(t.rt.db, '1360000', UPLOADERS);
  const tokens = await Promise.all(ids.map((id) => createSession(t.rt.db, id, 'bench')));
  const gif = await animatedGif(2000, 5);
  const upload = (token: string, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.append('image', new File([new Uint8Array(bytes)], name));
    form.append('use', 'image');
    return fetch(`${base}/api/user/file`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  };
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const stored = (
    (await (await upload(tokens[0]!, small, 'probe.png')).json()) as {
      data: { url: string };
    }
  ).data.url;

  /** Times the probes once a second for `seconds`. */
  const probe = async (seconds: number) => {
    const file: number[] = [];
    const login: number[] = [];
    let peakMb = residentMb();
    const end = Date.now() + seconds * 1000;
    let round = 0;
    while (Date.now() < end) {
      // Limits start afresh every 10 s so the probes' logins stay under the per-address limit.
      if (++round % 10 === 0) t.rt.shared = createMemoryState();
      let at = performance.now();
      const res = await fetch(`${base}${stored}`);
      await res.arrayBuffer();
      if (res.status === 200) file.push(performance.now() - at);
      at = performance.now();
      const answer = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'device-info': 'bench' },
        body: JSON.stringify({ account: '13900000002', pwd: 'demo1234', login_type: 1 }),
      });
      if (((await answer.json()) as { status: number }).status === 0) {
        login.push(performance.now() - at);
      }
      peakMb = Math.max(peakMb, residentMb());
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { file: stats(file), login: stats(login), peakMb };
  };

  const idle = await probe(15);
  const counts = { stored: 0, busy: 0, refused: 0, limited: 0 };
  const convertMs: number[] = [];
  let running = true;
  const loops = tokens.map(async (token, i) => {
    while (running) {
      const at = performance.now();
      const res = await upload(token, gif, `loop-${i}.gif`);
      const body = (await res.json()) as { status: number };
      if (res.status === 503) counts.busy++;
      else if (res.status === 429) counts.limited++;
      else if (body.status === 0) {
        counts.stored++;
        convertMs.push(performance.now() - at);
      } else counts.refused++;
      // A refused client waits a second before trying again.
      if (body.status !== 0) await new Promise((r) => setTimeout(r, 1000));
    }
  });
  const loaded = await probe(SECONDS);
  running = false;
  await Promise.all(loops);
  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    gif: { bytes: gif.length, width: 2000, height: 2000, frames: 5 },
    uploaders: UPLOADERS,
    seconds: SECONDS,
    queue: { conversions: t.rt.env.uploadConversions, waiting: t.rt.env.uploadQueue },
    idle,
    loaded,
    uploads: {
      ...counts,
      perMinute: Math.round((counts.stored / SECONDS) * 60),
      convertMs: stats(convertMs),
    },
  };
  saveResult('uploads', report);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await new Promise((r) => server.close(r));
  await t.dispose();
  process.exit(0);
}
