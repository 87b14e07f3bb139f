/**
 * `npm run bench:auth`: password logins per second through the real API (the scrypt hash
 * dominates) and captcha pictures per second, on PGlite in process.
 */
import { createApi } from '../src/server/app.ts';
import { SCRYPT_PARAMS, verifyPassword, hashPassword } from '../src/server/auth/password.ts';
import { drawCaptcha } from '../src/server/auth/captcha.ts';
import { callApi, openTestRuntime } from '../tests/integration/helpers.ts';
import { machine, saveResult } from './lib.ts';

const LOGINS = Number(process.env.BENCH_LOGINS ?? 60);
const CAPTCHAS = Number(process.env.BENCH_CAPTCHAS ?? 100);

const t = await openTestRuntime('pglite');
try {
  let api = createApi(t.rt);
  const hash = await hashPassword('demo1234');
  let started = performance.now();
  for (let i = 0; i < 20; i++) await verifyPassword('demo1234', hash);
  const hashMs = (performance.now() - started) / 20;

  started = performance.now();
  let ok = 0;
  // Two at a time: the hash runs on libuv's thread pool, as concurrent logins would.
  for (let i = 0; i < LOGINS; i += 2) {
    // A fresh app every 20 logins stays under the per-IP login limit (30 a minute).
    if (i % 20 === 0) api = createApi(t.rt);
    const results = await Promise.all(
      [0, 1].map(() =>
        callApi(
          api,
          'POST',
          '/api/user/login',
          { account: '13900000002', pwd: 'demo1234', login_type: 1 },
          { 'device-info': 'bench' },
        ),
      ),
    );
    ok += results.filter((r) => r.status === 0).length;
  }
  const loginSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  for (let i = 0; i < CAPTCHAS; i++) await drawCaptcha(200 + (i % 200), 100);
  const captchaSeconds = (performance.now() - started) / 1000;

  const report = {
    date: new Date().toISOString(),
    machine: machine(),
    scrypt: SCRYPT_PARAMS,
    hashMs: Number(hashMs.toFixed(1)),
    logins: ok,
    loginsPerSecond: Number((ok / loginSeconds).toFixed(1)),
    captchasPerSecond: Number((CAPTCHAS / captchaSeconds).toFixed(1)),
  };
  saveResult('auth', report);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await t.dispose();
}
