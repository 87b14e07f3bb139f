/**
 * `npm run bench:seal`: what response encryption (API_RESPONSE_KEY) costs. Sealing 2 KB and
 * 10 KB envelopes with Node's AES-256-GCM (the server's work per answer), opening them with
 * WebCrypto as the browser does, and one real call (getCommonConfig) through the in-process API
 * with and without the key, the work each side did reported beside its time.
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import { createApi } from '../src/server/app.ts';
import { importResponseKey, openSealed } from '../src/lib/api/sealed.ts';
import { seal } from '../src/server/http/seal.ts';
import { openTestRuntime } from '../tests/integration/helpers.ts';
import { machine, saveResult } from './lib.ts';

const SEALS = Number(process.env.BENCH_SEALS ?? 20_000);
const OPENS = Number(process.env.BENCH_OPENS ?? 5_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1_000);

/** An envelope of about `bytes` bytes shaped like a live list (the site's commonest answer). */
function envelope(bytes: number): Uint8Array {
  const list: unknown[] = [];
  const data = { list, total: 0 };
  const text = () => JSON.stringify({ status: 0, msg: 'SUCCESS', data });
  for (let i = 0; text().length < bytes; i++) {
    list.push({
      anchor_id: 100_000 + i,
      nick_name: `Anchor ${i}`,
      title: 'Dota 2 ranked grind, come say hi',
      thumb: `/uploads/covers/${i}.jpg`,
      heat: 1000 + i,
      live_status: 1,
    });
  }
  data.total = list.length;
  return new TextEncoder().encode(text().slice(0, bytes));
}

/** Microseconds per run of `work` over `runs` runs (after a tenth of them as warm-up). */
async function perRun(runs: number, work: () => unknown): Promise<number> {
  for (let i = 0; i < runs / 10; i++) await work();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await work();
  return Number((((performance.now() - started) * 1000) / runs).toFixed(1));
}

const raw = new Uint8Array(randomBytes(32));
// The server seals with a KeyObject made once, as the middleware does.
const secret = createSecretKey(raw);
const key = await importResponseKey(raw);
const sizes: Record<string, unknown>[] = [];
for (const bytes of [2_048, 10_240]) {
  const plain = envelope(bytes);
  const sealed = new Uint8Array(seal(secret, plain)).buffer;
  sizes.push({
    envelopeBytes: plain.length,
    sealedBytes: sealed.byteLength,
    sealMicros: await perRun(SEALS, () => seal(secret, plain)),
    webCryptoOpenMicros: await perRun(OPENS, () => openSealed(key, sealed)),
  });
}

const ROUNDS = 10;
const plainT = await openTestRuntime('pglite');
const sealedT = await openTestRuntime('pglite', {
  API_RESPONSE_KEY: Buffer.from(raw).toString('base64'),
});
const calls = { plain: { micros: 0, bytes: 0 }, sealed: { micros: 0, bytes: 0 } };
try {
  const apps = { plain: createApi(plainT.rt), sealed: createApi(sealedT.rt) };
  // Rounds alternate so that warm-up and noise fall on both sides alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of ['plain', 'sealed'] as const) {
      const call = async () => {
        const res = await apps[side].request('/api/config/getCommonConfig', { method: 'POST' });
        calls[side].bytes = (await res.arrayBuffer()).byteLength;
      };
      calls[side].micros += (await perRun(CALLS / ROUNDS, call)) / ROUNDS;
    }
  }
} finally {
  await plainT.dispose();
  await sealedT.dispose();
}
for (const side of Object.values(calls)) side.micros = Number(side.micros.toFixed(1));

const report = {
  date: new Date().toISOString(),
  machine: machine(),
  runs: { seals: SEALS, opens: OPENS, calls: CALLS },
  envelopes: sizes,
  getCommonConfig: calls,
};
saveResult('seal', report);
console.log(JSON.stringify(report, null, 2));
