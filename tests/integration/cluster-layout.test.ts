/**
 * The site's layout on several machines (`npm run layout`) and the balancer config it shares with
 * `npm run cluster`: the written nginx config passes Debian's `nginx -t`; run for real in front of
 * plain HTTP servers standing as machines, it sends `/ingest/<name>/...` to that machine with the
 * prefix removed and everything else to the app machines only, and refuses the ingest hooks from
 * outside; each machine's environment file is read by the server's own settings reader as that
 * machine; and bad input is refused with a clear message, writing nothing.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { balancerConfig, startBalancer, type Balancer } from '../../scripts/cluster/balancer.ts';
import { layoutFiles, readLayout } from '../../scripts/cluster/layout.ts';
import { waitForPort } from '../../scripts/cluster/services.ts';
import { readEnv } from '../../src/server/env.ts';
import { NGINX_BIN } from '../../src/server/media/nginx.ts';
import { freePort } from './redis-helpers.ts';

const hasNginx = existsSync(NGINX_BIN);
const temp = mkdtempSync(path.join(tmpdir(), 'arena-layout-'));

const LAYOUT = {
  APP_ORIGINS: 'http://10.0.0.2:4321, http://10.0.0.3:4321',
  INGESTS:
    'a http://10.0.0.5:4321 rtmp://a.example.com/live, b http://10.0.0.6:8080 rtmp://b.example.com:1936/live',
  BALANCER_ADDRESS: '10.0.0.1',
  SERVER_NAME: 'live.example.com',
};

/** Runs `npm run layout` into `folder` with `env`. */
function layout(folder: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ['scripts/layout.ts', folder], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm run layout', () => {
  it('writes a balancer config nginx accepts, an env file per machine and what to run where', () => {
    const folder = path.join(temp, 'written');
    const run = layout(folder, { ...LAYOUT, BALANCER_DIR: path.join(temp, 'balancer') });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const names = ['balancer.conf', 'app-1.env', 'app-2.env', 'ingest-a.env', 'ingest-b.env'];
    for (const name of [...names, 'README.md'])
      expect(existsSync(path.join(folder, name))).toBe(true);
    // The env files will hold the secret and passwords: the owner alone reads them.
    expect(statSync(path.join(folder, 'ingest-a.env')).mode & 0o077).toBe(0);

    const readme = readFileSync(path.join(folder, 'README.md'), 'utf8');
    expect(readme).toContain('10.0.0.2:4321 (app machine): app-1.env; run `npm start`');
    expect(readme).toMatch(
      /10\.0\.0\.6:8080 \(ingest machine b\): ingest-b\.env; run `npm run media` and `npm start`/,
    );

    // Each machine's file, its blanks filled in, is that machine for the server's own reader.
    const machine = (name: string) => {
      const values = parseEnv(readFileSync(path.join(folder, name), 'utf8'));
      // Left as written, the blanks stop the server rather than run it half set up.
      expect(() => readEnv({ ...values, DATA_DIR: temp })).toThrow('Bad STORAGE_S3_BUCKET');
      const bucket = {
        STORAGE_S3_BUCKET: 'arena-media',
        STORAGE_S3_REGION: 'eu-west-1',
        STORAGE_S3_ENDPOINT: 'https://s3.example.com',
        DATA_DIR: temp,
      };
      expect(() => readEnv({ ...values, ...bucket })).toThrow('SECRET must be set');
      return readEnv({ ...values, ...bucket, SECRET: 'x'.repeat(64) });
    };
    const app = machine('app-2.env');
    expect(app).toMatchObject({ port: 4321, ingestName: null, trustProxy: ['10.0.0.1'] });
    expect(app.ingests.map((m) => m.name)).toEqual(['a', 'b']);
    expect(app.publicUrl).toBe('http://live.example.com');
    const b = machine('ingest-b.env');
    expect(b).toMatchObject({
      port: 8080,
      ingestName: 'b',
      rtmpHost: '0.0.0.0',
      rtmpPort: 1936,
      rtmpPublicUrl: 'rtmp://b.example.com:1936/live',
      trustProxy: ['10.0.0.1'],
    });
    expect(b.databaseUrl).toContain('FILL-IN');

    const config = readFileSync(path.join(folder, 'balancer.conf'), 'utf8');
    // The general upstream holds the app machines only; each ingest has its own.
    const general = /upstream apps \{([^}]*)\}/.exec(config)![1]!;
    expect(general).toContain('server 10.0.0.2:4321');
    expect(general).toContain('server 10.0.0.3:4321');
    expect(general).not.toContain('10.0.0.5');
    expect(config).toMatch(/upstream ingest_b \{\s*server 10\.0\.0\.6:8080;/);
    expect(config).toMatch(
      /location \^~ \/ingest\/a\/hls\/ \{\s*proxy_pass http:\/\/ingest_a\/hls\/;/,
    );
    expect(config).toMatch(/location \^~ \/ingest\/a\/ \{\s*return 404;/);
    expect(config).toContain('server_name live.example.com;');
  });

  it.runIf(hasNginx)("passes nginx's own check of the config (nginx -t)", () => {
    const dir = path.join(temp, 'checked');
    const files = layoutFiles(readLayout({ ...LAYOUT, BALANCER_DIR: dir }));
    const config = path.join(dir, 'balancer.conf');
    mkdirSync(path.join(dir, 'temp'), { recursive: true });
    writeFileSync(config, files.get('balancer.conf')!);
    const check = spawnSync(NGINX_BIN, ['-t', '-p', dir, '-c', config], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('refuses bad input with a clear message and writes nothing', () => {
    const cases: [Record<string, string>, string][] = [
      [
        { INGESTS: 'a http://10.0.0.5:4321' },
        'Bad INGESTS: "a http://10.0.0.5:4321" (each entry: name app-origin rtmp-url)',
      ],
      [
        { INGESTS: 'A http://10.0.0.5:4321 rtmp://a/live' },
        'Bad INGESTS: A (lowercase letters, digits and inner dashes)',
      ],
      [{ INGESTS: 'a ftp://10.0.0.5 rtmp://a/live' }, "Bad INGESTS: a's app must be http or https"],
      [
        { INGESTS: 'a http://10.0.0.2:4321 rtmp://a/live' },
        "Bad INGESTS: a's app (http://10.0.0.2:4321) is also in APP_ORIGINS",
      ],
      [{ APP_ORIGINS: '' }, 'APP_ORIGINS must name at least one app process'],
      [
        { APP_ORIGINS: 'http://10.0.0.2:4321/app' },
        'Bad APP_ORIGINS: http://10.0.0.2:4321/app must be an origin only',
      ],
      [{ BALANCER_ADDRESS: 'balancer.local' }, 'Bad BALANCER_ADDRESS: "balancer.local"'],
      [{ PORT: '70000' }, 'Bad PORT: 70000'],
      [
        { SERVER_NAME: '', PUBLIC_URL: '' },
        'Set PUBLIC_URL (the site as viewers reach it) or SERVER_NAME',
      ],
    ];
    for (const [change, message] of cases) {
      const folder = path.join(temp, 'refused');
      const run = layout(folder, { ...LAYOUT, ...change });
      expect(run.status, message).toBe(2);
      expect(run.stderr).toContain(message);
      expect(existsSync(folder), message).toBe(false);
    }
  });
});

/** A plain HTTP server standing as one machine: answers with its name and what it was asked. */
async function machine(name: string): Promise<{ server: Server; port: number }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ machine: name, url: req.url, ip: req.headers['x-real-ip'] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

describe.runIf(hasNginx)('the balancer in front of app and ingest machines', () => {
  const servers: Server[] = [];
  let balancer: Balancer | undefined;
  afterAll(async () => {
    await balancer?.stop();
    for (const server of servers) server.close();
  });

  it('sends /ingest/<name>/ to that machine without the prefix, the rest to the apps', async () => {
    const [app1, app2, ingestA, ingestB] = await Promise.all(
      ['app1', 'app2', 'a', 'b'].map((name) => machine(name)),
    );
    servers.push(...[app1, app2, ingestA, ingestB].map((m) => m!.server));
    const port = await freePort();
    balancer = startBalancer({
      dir: path.join(temp, 'running'),
      host: '127.0.0.1',
      port,
      apps: [app1!.port, app2!.port],
      ingests: [
        { name: 'a', app: ingestA!.port },
        { name: 'b', app: `http://127.0.0.1:${ingestB!.port}` },
      ],
      perAddress: 64,
      bodyMb: 1,
    });
    await waitForPort(port, 'the balancer');
    const get = async (url: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`);
      return {
        status: res.status,
        body: res.ok ? ((await res.json()) as Record<string, string>) : null,
      };
    };

    expect((await get('/ingest/a/hls/7.m3u8')).body).toMatchObject({
      machine: 'a',
      url: '/hls/7.m3u8',
      ip: '127.0.0.1',
    });
    expect((await get('/ingest/b/hls/7/master.m3u8?pass=x')).body).toMatchObject({
      machine: 'b',
      url: '/hls/7/master.m3u8?pass=x',
    });
    for (const url of ['/frames/7-1.jpg', '/whip/7?key=k', '/whep/7']) {
      expect((await get(`/ingest/a${url}`)).body, url).toMatchObject({ machine: 'a', url });
    }
    // Everything else is the apps': never an ingest machine, whatever the path.
    const seen = new Set<string>();
    for (const url of [
      '/home',
      '/hls/7.m3u8',
      '/ingest/c/hls/7.m3u8',
      '/ingesta/hls/7.m3u8',
      '/api/live/list',
    ]) {
      for (let i = 0; i < 3; i++) {
        const { body } = await get(url);
        expect(['app1', 'app2'], url).toContain(body!.machine);
        seen.add(String(body!.machine));
      }
    }
    expect([...seen].sort()).toEqual(['app1', 'app2']);
    // The ingest hooks, the metrics and the internal calls are refused at the balancer.
    for (const url of [
      '/api/media/on_publish',
      '/ingest/a/api/media/on_publish',
      '/ingest/b/api/media/on_record_done',
      '/metrics',
      '/ingest/a/metrics',
      '/ingest/b/internal/backup',
      // Only media passes to an ingest machine: its pages and API are not the site's.
      '/ingest/a/api/user/login',
      '/ingest/a/liveMatchesTwo/7',
      '/ingest/a/',
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', body: 'x' });
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('machine');
    }
  });

  it('refuses an ingest machine that is also one of the general apps', () => {
    expect(() =>
      balancerConfig({
        dir: temp,
        host: '',
        port: 80,
        apps: [4001, 4002],
        ingests: [{ name: 'a', app: 'http://127.0.0.1:4002' }],
        perAddress: 1,
        bodyMb: 1,
      }),
    ).toThrow("Ingest a's app process must not be one of the general apps");
  });
});
