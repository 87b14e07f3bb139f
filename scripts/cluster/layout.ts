/**
 * The site on several machines, as `npm run layout` writes it: the balancer's nginx config for
 * the app machines and the ingest machines, one environment file per machine, and a short text
 * of what to run where. Everything is checked before anything is written; the messages name the
 * variable, and INGESTS's are parseIngests' own.
 */
import { isIP } from 'node:net';
import { parseIngests, readOrigin, type IngestMachine } from '../../src/server/media/ingests.ts';
import { balancerConfig } from './balancer.ts';

/** Where the balancer keeps its pid and temp files unless BALANCER_DIR says otherwise. */
export const DEFAULT_BALANCER_DIR = '/var/lib/arena-balancer';

/** The machines and the balancer in front of them. */
export interface Layout {
  /** Origins of the general app processes (http://10.0.0.2:4321). */
  apps: string[];
  ingests: IngestMachine[];
  /** The address the balancer's connections come from, as the machines see it. */
  balancerAddress: string;
  /** The port the balancer listens on (every interface). */
  port: number;
  serverName: string;
  publicUrl: string;
  /** The balancer's pid and temp folder on its machine. */
  balancerDir: string;
}

function appOrigin(value: string): string {
  return readOrigin(value, 'APP_ORIGINS', value);
}

function port(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535)
    throw new Error(`Bad PORT: ${raw} (a whole number from 1 to 65535)`);
  return value;
}

/** The port an origin's process listens on (its PORT). */
function originPort(origin: string): number {
  const url = new URL(origin);
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/** The layout from APP_ORIGINS, INGESTS, BALANCER_ADDRESS, PORT, SERVER_NAME and PUBLIC_URL. */
export function readLayout(source: NodeJS.ProcessEnv): Layout {
  const apps = (source.APP_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map(appOrigin);
  if (apps.length === 0)
    throw new Error('APP_ORIGINS must name at least one app process (http://10.0.0.2:4321,...)');
  const twice = apps.find((app, i) => apps.indexOf(app) !== i);
  if (twice) throw new Error(`Bad APP_ORIGINS: ${twice} is named twice`);
  const ingests = parseIngests(source.INGESTS);
  for (const ingest of ingests)
    if (apps.includes(ingest.url))
      throw new Error(
        `Bad INGESTS: ${ingest.name}'s app (${ingest.url}) is also in APP_ORIGINS; ` +
          'an ingest machine takes only its own /ingest/ requests',
      );
  const balancerAddress = (source.BALANCER_ADDRESS ?? '').trim();
  if (!isIP(balancerAddress))
    throw new Error(
      `Bad BALANCER_ADDRESS: "${balancerAddress}" (the IP address the machines see the ` +
        "balancer's connections come from; it becomes their TRUST_PROXY)",
    );
  const listen = port(source.PORT, 80);
  const serverName = (source.SERVER_NAME ?? '').trim();
  if (serverName && !/^[a-z0-9.*-]+(?: [a-z0-9.*-]+)*$/i.test(serverName))
    throw new Error(`Bad SERVER_NAME: ${serverName} (host names separated by spaces)`);
  let publicUrl = (source.PUBLIC_URL ?? '').trim();
  if (publicUrl) {
    const url = URL.canParse(publicUrl) ? new URL(publicUrl) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search)
      throw new Error(`Bad PUBLIC_URL: ${publicUrl} (an origin such as https://live.example.com)`);
    publicUrl = url.origin;
  } else {
    const host = serverName.split(' ')[0];
    if (!host || host.includes('*'))
      throw new Error('Set PUBLIC_URL (the site as viewers reach it) or SERVER_NAME');
    publicUrl = `http://${host}${listen === 80 ? '' : `:${listen}`}`;
  }
  const balancerDir = (source.BALANCER_DIR ?? '').trim() || DEFAULT_BALANCER_DIR;
  if (!balancerDir.startsWith('/'))
    throw new Error(`Bad BALANCER_DIR: ${balancerDir} (an absolute folder)`);
  return {
    apps,
    ingests,
    balancerAddress,
    port: listen,
    serverName,
    publicUrl,
    balancerDir,
  };
}

/** The balancer's nginx config for `layout`. */
export function layoutBalancer(layout: Layout): string {
  return balancerConfig(
    {
      dir: layout.balancerDir,
      host: '',
      port: layout.port,
      apps: layout.apps,
      ingests: layout.ingests.map((ingest) => ({ name: ingest.name, app: ingest.url })),
      perAddress: 256,
      bodyMb: 12,
      serverName: layout.serverName || undefined,
      writtenBy: 'npm run layout',
    },
    'www-data',
  );
}

/** A value as an env file holds it (systemd's EnvironmentFile, node --env-file and sh agree). */
function quoted(value: string): string {
  return `"${value.replace(/["\\$`]/g, (c) => `\\${c}`)}"`;
}

function envFile(title: string, values: [string, string, string?][]): string {
  const lines = [
    `# ${title}`,
    '# Written by npm run layout. Values marked "fill in" are yours to set.',
  ];
  for (const [name, value, note] of values) {
    if (note) lines.push(`# ${note}`);
    lines.push(`${name}=${quoted(value)}`);
  }
  return lines.join('\n') + '\n';
}

/** What every machine shares: the database, Redis, the secret, the bucket and the layout. */
function shared(layout: Layout, ingestsValue: string): [string, string, string?][] {
  return [
    ['NODE_ENV', 'production'],
    ['PUBLIC_URL', layout.publicUrl],
    ['TRUST_PROXY', layout.balancerAddress, "the balancer's address: it names each client"],
    ['INGESTS', ingestsValue],
    [
      'DATABASE_URL',
      'postgres://FILL-IN-USER:FILL-IN-PASSWORD@FILL-IN-HOST:5432/arena',
      'fill in: the one PostgreSQL every machine uses',
    ],
    ['REDIS_URL', 'redis://FILL-IN-HOST:6379', 'fill in: the one Redis every machine uses'],
    ['SECRET', '', 'fill in: the same value on every machine (openssl rand -hex 32)'],
    ['STORAGE_S3_BUCKET', 'FILL-IN', 'fill in: the one bucket for uploads, replays and clips'],
    ['STORAGE_S3_ENDPOINT', 'https://FILL-IN'],
    ['STORAGE_S3_REGION', 'FILL-IN'],
    ['STORAGE_S3_ACCESS_KEY_ID', 'FILL-IN'],
    ['STORAGE_S3_SECRET_ACCESS_KEY', 'FILL-IN'],
  ];
}

/** The RTMP port an ingest listens on: its push URL's (1935 when the URL names none). */
function rtmpPort(rtmp: string): number {
  const port = new URL(rtmp.replace(/^rtmps?:/, 'http:')).port;
  return port ? Number(port) : 1935;
}

/** The files `npm run layout` writes, by name. */
export function layoutFiles(layout: Layout): Map<string, string> {
  const ingestsValue = layout.ingests.map((m) => `${m.name} ${m.url} ${m.rtmp}`).join(', ');
  const files = new Map<string, string>();
  files.set('balancer.conf', layoutBalancer(layout));
  const steps: string[] = [];
  layout.apps.forEach((app, i) => {
    const name = `app-${i + 1}.env`;
    files.set(
      name,
      envFile(`App machine ${app}`, [
        ['PORT', String(originPort(app))],
        ['HOST', '0.0.0.0'],
        ...shared(layout, ingestsValue),
      ]),
    );
    steps.push(`- ${new URL(app).host} (app machine): ${name}; run \`npm start\`.`);
  });
  for (const ingest of layout.ingests) {
    const name = `ingest-${ingest.name}.env`;
    files.set(
      name,
      envFile(`Ingest machine ${ingest.name} (${ingest.url})`, [
        ['INGEST_NAME', ingest.name],
        ['PORT', String(originPort(ingest.url))],
        ['HOST', '0.0.0.0'],
        ['RTMP_HOST', '0.0.0.0'],
        ['RTMP_PORT', String(rtmpPort(ingest.rtmp))],
        ['RTMP_PUBLIC_URL', ingest.rtmp],
        [
          'WEBRTC_ICE_ADDRESSES',
          '',
          "the machine's public IPv4 address for WebRTC peers (empty: every interface)",
        ],
        ...shared(layout, ingestsValue),
      ]),
    );
    steps.push(
      `- ${new URL(ingest.url).host} (ingest machine ${ingest.name}): ${name}; run ` +
        '`npm run media` and `npm start` side by side, both with this file.',
    );
  }
  files.set(
    'README.md',
    `# The site on ${layout.apps.length + layout.ingests.length} machines

Written by \`npm run layout\`; run it again after a change rather than editing these files.

1. Fill in the values marked "fill in" in every \`.env\` file: the same PostgreSQL, Redis,
   SECRET and bucket on every machine.
2. Start one app machine first (its first start migrates the database), then the others.
3. On each machine, load its file (systemd \`EnvironmentFile=\`, or \`node --env-file\`) and run:

${steps.join('\n')}

4. On the balancer (${layout.balancerAddress}): \`mkdir -p ${layout.balancerDir}/temp\`, copy
   \`balancer.conf\` there and run
   \`nginx -p ${layout.balancerDir} -c ${layout.balancerDir}/balancer.conf\` (in the foreground,
   under systemd or another supervisor). It listens on port ${layout.port} and passes an ingest
   machine's live media (\`/ingest/<name>/hls/\`, \`frames/\`, \`whip/\`, \`whep/\`) to its
   app process, everything else to the app machines.
5. Open each ingest machine's RTMP port to anchors and its app port to the balancer and the app
   machines (they call it directly); keep every app port closed to everyone else.
`,
  );
  return files;
}
