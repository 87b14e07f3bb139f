/**
 * `npm run bench:bus`: what the Redis bus costs per message, the figures the capacity plan
 * (docs/capacity.md) is built on. A throwaway Redis, one publishing process (this one, through
 * the site's own bus) and P subscribing processes (bench/bus/subscriber.ts), each a separate Node
 * process as an app machine would be. Room chat frames of the size the hub publishes are sent at R
 * messages a second for BENCH_SECONDS (default 10) per case; Redis's CPU is read from
 * /proc/<pid>/stat. Reports, per case, what every subscriber received, Redis's CPU in µs per
 * published message, and the publisher's and each subscriber's CPU in µs per message; then a
 * least-squares fit of Redis's cost as (per publish) + (per delivery) x P. BENCH_CASES=P:R,...
 * picks cases.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startRedisServer } from '../scripts/cluster/services.ts';
import { createRedisBus } from '../src/server/shared/bus.ts';
import { SERVER_FRAME } from '../src/lib/realtime/protocol/index.ts';
import { machine, saveResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CASES = (process.env.BENCH_CASES ?? '1:1000,2:1000,4:1000,8:1000,1:3000,4:3000')
  .split(',')
  .map((c) => c.split(':').map(Number) as [number, number]);
const TICK_MS = 10;

/** CPU seconds (user + system) of process `pid` so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A chat line as the hub publishes it to its room (about 400 bytes of JSON on the wire). */
function chatFrame(n: number) {
  return {
    kind: 'room' as const,
    anchorId: 100003,
    frame: {
      type: SERVER_FRAME.say,
      data: {
        id: 1_000_000 + n,
        content: `Message ${n}: what a save by the keeper, unbelievable!`,
        user_id: 100_000 + (n % 5000),
        from_client_name: `Viewer${n % 5000}`,
        avatar: '/uploads/2026/11/0123456789abcdef01234567.webp',
        level: n % 40,
        vip_level: n % 3,
        role: 0,
        is_manager: false,
        props: 0,
        props_id: 0,
        font_color: '',
        isColorful: false,
        isSpeaker: false,
        time: Date.now(),
      },
    },
  };
}

function ask(child: ChildProcess, command: string): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as Record<string, number>));
    child.send(command);
  });
}

const redis = await startRedisServer();
const redisPid = await findRedisPid(redis.url);
const publisher = await createRedisBus(redis.url);
const results = [];
try {
  for (const [processes, rate] of CASES) {
    const children = await Promise.all(
      Array.from({ length: processes }, async () => {
        const child = fork(path.join(import.meta.dirname, 'bus', 'subscriber.ts'), [redis.url], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        await new Promise((resolve) => child.once('message', resolve));
        return child;
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    await Promise.all(children.map((c) => ask(c, 'start')));
    const redisFrom = cpuSeconds(redisPid);
    const publisherFrom = process.cpuUsage();
    let sent = 0;
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        const due = Math.round(((Date.now() - started) / 1000) * rate);
        for (; sent < due; sent++) publisher.publish(chatFrame(sent));
        if (Date.now() - started >= SECONDS * 1000) {
          clearInterval(timer);
          resolve();
        }
      }, TICK_MS);
    });
    const publisherUsed = process.cpuUsage(publisherFrom);
    // A moment for what is in flight to arrive.
    await new Promise((r) => setTimeout(r, 1000));
    const redisCpu = cpuSeconds(redisPid) - redisFrom;
    const answers = await Promise.all(children.map((c) => ask(c, 'stop')));
    await Promise.all(
      children.map((c) => {
        const exited = new Promise((resolve) => c.once('exit', resolve));
        c.send('exit');
        return exited;
      }),
    );
    const received = answers.map((a) => a.received!);
    const subscriberMicros = answers.map((a) => a.cpuMicros! / Math.max(1, a.received!));
    results.push({
      processes,
      rate,
      sent,
      leastReceivedShare: Math.min(...received) / sent,
      redisCorePercent: (redisCpu / (SECONDS + 1)) * 100,
      redisMicrosPerMessage: (redisCpu * 1e6) / sent,
      publisherMicrosPerMessage: (publisherUsed.user + publisherUsed.system) / sent,
      subscriberMicrosPerMessage:
        subscriberMicros.reduce((a, b) => a + b, 0) / subscriberMicros.length,
    });
  }
} finally {
  await publisher.close();
  await redis.stop();
}

/** The pid of the redis-server listening at `url` (from its INFO). */
async function findRedisPid(url: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url);
  const info = await client.info('server');
  await client.quit();
  return Number(/process_id:(\d+)/.exec(info)?.[1]);
}

// Redis's µs per publish = a + b x processes: least squares over the cases.
const xs = results.map((r) => r.processes);
const ys = results.map((r) => r.redisMicrosPerMessage);
const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
const mx = mean(xs);
const my = mean(ys);
const slope =
  xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) /
  Math.max(
    1e-9,
    xs.reduce((s, x) => s + (x - mx) ** 2, 0),
  );
const intercept = my - slope * mx;

console.log(`\nbench:bus on ${machine()}, ${new Date().toISOString()}, ${SECONDS} s per case`);
console.log(
  'processes  msg/s   least received   Redis % core   Redis µs/msg   publisher µs/msg   subscriber µs/msg',
);
for (const r of results) {
  console.log(
    `${String(r.processes).padStart(9)}  ${String(r.rate).padStart(5)}   ${(r.leastReceivedShare * 100).toFixed(1).padStart(13)} %   ${r.redisCorePercent.toFixed(1).padStart(10)} %   ${r.redisMicrosPerMessage.toFixed(1).padStart(12)}   ${r.publisherMicrosPerMessage.toFixed(1).padStart(16)}   ${r.subscriberMicrosPerMessage.toFixed(1).padStart(17)}`,
  );
}
console.log(
  `Redis per message: ${intercept.toFixed(1)} µs + ${slope.toFixed(1)} µs per subscribing process`,
);
console.log(
  `results: ${saveResult('bus', { machine: machine(), at: new Date(), seconds: SECONDS, results, fit: { intercept, slope } })}`,
);
