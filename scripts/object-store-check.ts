/**
 * `node scripts/object-store-check.ts`: starts the throwaway S3 server (scripts/object-store.ts),
 * proves the security properties tests rely on, prints timings and stops it.
 *
 *   a. SigV4-signed PUT, GET, HEAD and DELETE of an object work;
 *   b. a request signed with a wrong secret is refused (403 SignatureDoesNotMatch);
 *   c. an anonymous GET of a private object is refused; a public-read object and an object under a
 *      prefix that a bucket policy opens are readable anonymously;
 *   d. a presigned PUT URL works for its object and is refused for any other key;
 *   e. STS AssumeRole with a session policy for one key gives temporary credentials that can PUT
 *      that key and are refused for another.
 *
 * Options: --port N (S3 port), --keep (leave the folder with the logs), --twice (start, check and
 * stop two times in a row), --parallel (two servers at once on different ports).
 */
import { AwsClient } from 'aws4fetch';
import { readFileSync } from 'node:fs';
import { startObjectStore, type ObjectStoreServer } from './object-store.ts';

interface Result {
  name: string;
  ok: boolean;
  detail: string;
  ms: number;
}

function errorCode(body: string): string {
  return /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
}

async function expectStatus(
  response: Response,
  status: number,
  code?: string,
): Promise<{ ok: boolean; detail: string; body: string }> {
  const body = await response.text();
  const got = errorCode(body);
  const ok = response.status === status && (code === undefined || got === code);
  const detail = `${response.status}${got ? ` ${got}` : ''}`;
  return { ok, detail, body };
}

/** Runs checks a to e against one server; returns one result per check. */
export async function checkObjectStore(store: ObjectStoreServer): Promise<Result[]> {
  const { endpoint, region, bucket, accessKeyId, secretAccessKey } = store;
  const s3 = new AwsClient({ accessKeyId, secretAccessKey, service: 's3', region });
  const results: Result[] = [];
  const url = (key: string) => `${endpoint}/${bucket}/${key}`;

  const check = async (name: string, body: () => Promise<string[]>) => {
    const t0 = performance.now();
    const failures: string[] = [];
    let detail = '';
    try {
      const steps = await body();
      for (const step of steps) if (step.startsWith('FAIL')) failures.push(step);
      detail = steps.join('; ');
    } catch (error) {
      failures.push(String(error));
      detail = String(error);
    }
    results.push({ name, ok: failures.length === 0, detail, ms: performance.now() - t0 });
  };
  const step = (label: string, ok: boolean, detail: string) =>
    `${ok ? '' : 'FAIL '}${label} ${detail}`;

  await check('a. signed PUT/GET/HEAD/DELETE', async () => {
    const steps: string[] = [];
    let r = await expectStatus(
      await s3.fetch(url('a/object.txt'), {
        method: 'PUT',
        body: 'hello object',
        headers: { 'content-type': 'text/plain' },
      }),
      200,
    );
    steps.push(step('PUT', r.ok, r.detail));
    const get = await s3.fetch(url('a/object.txt'));
    const text = await get.text();
    steps.push(step('GET', get.status === 200 && text === 'hello object', `${get.status}`));
    const head = await s3.fetch(url('a/object.txt'), { method: 'HEAD' });
    steps.push(
      step(
        'HEAD',
        head.status === 200 && head.headers.get('content-length') === '12',
        `${head.status} length ${head.headers.get('content-length')}`,
      ),
    );
    r = await expectStatus(await s3.fetch(url('a/object.txt'), { method: 'DELETE' }), 204);
    steps.push(step('DELETE', r.ok, r.detail));
    r = await expectStatus(await s3.fetch(url('a/object.txt')), 404, 'NoSuchKey');
    steps.push(step('GET after DELETE', r.ok, r.detail));
    return steps;
  });

  await check('b. wrong secret refused', async () => {
    const wrong = new AwsClient({
      accessKeyId,
      secretAccessKey: `${secretAccessKey.slice(0, -1)}x`,
      service: 's3',
      region,
    });
    await s3.fetch(url('b/object.txt'), { method: 'PUT', body: 'b' });
    const get = await expectStatus(
      await wrong.fetch(url('b/object.txt')),
      403,
      'SignatureDoesNotMatch',
    );
    const put = await expectStatus(
      await wrong.fetch(url('b/other.txt'), { method: 'PUT', body: 'x' }),
      403,
      'SignatureDoesNotMatch',
    );
    const unknown = new AwsClient({
      accessKeyId: 'NOSUCHACCESSKEY00000',
      secretAccessKey,
      service: 's3',
      region,
    });
    const nokey = await expectStatus(
      await unknown.fetch(url('b/object.txt')),
      403,
      'InvalidAccessKeyId',
    );
    return [
      step('GET', get.ok, get.detail),
      step('PUT', put.ok, put.detail),
      step('unknown key GET', nokey.ok, nokey.detail),
    ];
  });

  await check('c. anonymous access follows ACL and policy', async () => {
    const steps: string[] = [];
    await s3.fetch(url('c/private.txt'), { method: 'PUT', body: 'private' });
    let r = await expectStatus(await fetch(url('c/private.txt')), 403, 'AccessDenied');
    steps.push(step('anonymous GET private', r.ok, r.detail));
    r = await expectStatus(
      await fetch(url('c/anon-put.txt'), { method: 'PUT', body: 'x' }),
      403,
      'AccessDenied',
    );
    steps.push(step('anonymous PUT', r.ok, r.detail));
    await s3.fetch(url('c/acl-public.txt'), {
      method: 'PUT',
      body: 'public by acl',
      headers: { 'x-amz-acl': 'public-read' },
    });
    let get = await fetch(url('c/acl-public.txt'));
    let text = await get.text();
    steps.push(
      step(
        'anonymous GET public-read',
        get.status === 200 && text === 'public by acl',
        `${get.status}`,
      ),
    );

    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${bucket}/c/public/*`],
        },
      ],
    };
    r = await expectStatus(
      await s3.fetch(`${endpoint}/${bucket}?policy`, {
        method: 'PUT',
        body: JSON.stringify(policy),
      }),
      204,
    );
    steps.push(step('PUT bucket policy', r.ok, r.detail));
    await s3.fetch(url('c/public/poster.txt'), { method: 'PUT', body: 'public by policy' });
    get = await fetch(url('c/public/poster.txt'));
    text = await get.text();
    steps.push(
      step(
        'anonymous GET under policy prefix',
        get.status === 200 && text === 'public by policy',
        `${get.status}`,
      ),
    );
    r = await expectStatus(await fetch(url('c/private.txt')), 403, 'AccessDenied');
    steps.push(step('anonymous GET outside prefix', r.ok, r.detail));
    await s3.fetch(`${endpoint}/${bucket}?policy`, { method: 'DELETE' });
    return steps;
  });

  await check('d. presigned PUT bound to its key', async () => {
    const signed = await s3.sign(
      new Request(`${url('d/upload.bin')}?X-Amz-Expires=300`, { method: 'PUT' }),
      { aws: { signQuery: true } },
    );
    const steps: string[] = [];
    let r = await expectStatus(await fetch(signed.url, { method: 'PUT', body: 'uploaded' }), 200);
    steps.push(step('PUT own key', r.ok, r.detail));
    const back = await s3.fetch(url('d/upload.bin'));
    steps.push(
      step('stored', back.status === 200 && (await back.text()) === 'uploaded', `${back.status}`),
    );
    const other = signed.url.replace('/d/upload.bin?', '/d/other.bin?');
    r = await expectStatus(
      await fetch(other, { method: 'PUT', body: 'x' }),
      403,
      'SignatureDoesNotMatch',
    );
    steps.push(step('PUT other key', r.ok, r.detail));
    const absent = await s3.fetch(url('d/other.bin'), { method: 'HEAD' });
    steps.push(step('other key absent', absent.status === 404, `${absent.status}`));
    const expired = await s3.sign(
      new Request(`${url('d/upload.bin')}?X-Amz-Expires=1`, { method: 'PUT' }),
      { aws: { signQuery: true, datetime: '20200101T000000Z' } },
    );
    r = await expectStatus(await fetch(expired.url, { method: 'PUT', body: 'x' }), 403);
    steps.push(step('expired URL', r.ok, r.detail));
    return steps;
  });

  await check('e. STS AssumeRole with a one-key session policy', async () => {
    if (!store.roleArn) return ['FAIL no role'];
    const sts = new AwsClient({ accessKeyId, secretAccessKey, service: 'sts', region });
    const sessionPolicy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:PutObject'],
          Resource: [`arn:aws:s3:::${bucket}/e/allowed.bin`],
        },
      ],
    };
    const form = new URLSearchParams({
      Action: 'AssumeRole',
      Version: '2011-06-15',
      RoleArn: store.roleArn,
      RoleSessionName: 'upload-session',
      DurationSeconds: '900',
      Policy: JSON.stringify(sessionPolicy),
    });
    const response = await sts.fetch(`${endpoint}/`, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const xml = await response.text();
    const field = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';
    const steps = [step('AssumeRole', response.status === 200, `${response.status}`)];
    const temporary = {
      accessKeyId: field('AccessKeyId'),
      secretAccessKey: field('SecretAccessKey'),
      sessionToken: field('SessionToken'),
    };
    if (!temporary.accessKeyId || !temporary.sessionToken) {
      return [...steps, `FAIL no credentials in ${xml.slice(0, 200)}`];
    }
    const session = new AwsClient({ ...temporary, service: 's3', region });
    let r = await expectStatus(
      await session.fetch(url('e/allowed.bin'), { method: 'PUT', body: 'x' }),
      200,
    );
    steps.push(step('PUT allowed key', r.ok, r.detail));
    r = await expectStatus(
      await session.fetch(url('e/other.bin'), { method: 'PUT', body: 'x' }),
      403,
      'AccessDenied',
    );
    steps.push(step('PUT other key', r.ok, r.detail));
    r = await expectStatus(await session.fetch(url('e/allowed.bin')), 403, 'AccessDenied');
    steps.push(step('GET (not in session policy)', r.ok, r.detail));
    const noToken = new AwsClient({
      accessKeyId: temporary.accessKeyId,
      secretAccessKey: temporary.secretAccessKey,
      service: 's3',
      region,
    });
    r = await expectStatus(
      await noToken.fetch(url('e/allowed.bin'), { method: 'PUT', body: 'x' }),
      403,
    );
    steps.push(step('PUT without session token', r.ok, r.detail));
    const forged = new AwsClient({
      ...temporary,
      sessionToken: `${temporary.sessionToken.slice(0, -4)}AAAA`,
      service: 's3',
      region,
    });
    r = await expectStatus(
      await forged.fetch(url('e/allowed.bin'), { method: 'PUT', body: 'x' }),
      403,
    );
    steps.push(step('PUT with altered session token', r.ok, r.detail));
    return steps;
  });

  return results;
}

/** Resident memory and CPU time of each daemon, from /proc (Linux). */
function daemonUsage(store: ObjectStoreServer): string {
  let rssTotal = 0;
  let cpuTotal = 0;
  const parts = Object.entries(store.pids).map(([name, pid]) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      // Fields 14 and 15 of /proc/PID/stat (after the command in parentheses): user and system
      // time in clock ticks of 1/100 s.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
      rssTotal += rssKb;
      cpuTotal += cpu;
      return `${name} ${(rssKb / 1024).toFixed(0)} MiB ${cpu.toFixed(2)} s`;
    } catch {
      return `${name} unknown`;
    }
  });
  return `${parts.join(', ')}; total ${(rssTotal / 1024).toFixed(0)} MiB RSS, ${cpuTotal.toFixed(2)} s CPU`;
}

async function once(label: string, port?: number, keepDir = false): Promise<Result[]> {
  const t0 = performance.now();
  const store = await startObjectStore({ port, keepDir });
  const startMs = performance.now() - t0;
  const phases = Object.entries(store.timings)
    .map(([phase, ms]) => `${phase} ${ms}`)
    .join(', ');
  console.log(`[${label}] started ${store.endpoint} in ${startMs.toFixed(0)} ms (${phases})`);
  try {
    const results = await checkObjectStore(store);
    for (const r of results) {
      console.log(
        `[${label}] ${r.ok ? 'PASS' : 'FAIL'} ${r.name} (${r.ms.toFixed(0)} ms): ${r.detail}`,
      );
    }
    console.log(`[${label}] daemons (RSS, CPU time): ${daemonUsage(store)}`);
    return results;
  } finally {
    const s0 = performance.now();
    await store.stop();
    console.log(`[${label}] stopped in ${(performance.now() - s0).toFixed(0)} ms`);
  }
}

// A gateway that stops answering must not hang the check (or CI) forever.
setTimeout(() => {
  console.error('object store check: no result after 180 s');
  process.exit(1);
}, 180_000).unref();

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : undefined;
const keep = args.includes('--keep');
let results: Result[] = [];
if (args.includes('--parallel')) {
  const all = await Promise.all([once('one', port, keep), once('two', undefined, keep)]);
  results = all.flat();
} else {
  results = await once('run 1', port, keep);
  if (args.includes('--twice')) results = results.concat(await once('run 2', port, keep));
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
