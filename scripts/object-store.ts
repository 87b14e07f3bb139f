/**
 * A throwaway S3-compatible object store for integration tests: a single-host Ceph cluster (one
 * monitor, one in-memory OSD) with the RADOS Gateway serving S3 on a loopback port, all started as
 * child processes under a temporary folder and removed again by `stop()`.
 *
 * Unlike an S3 mock, the gateway checks AWS signature v4 (headers and presigned URLs), enforces
 * ACLs and bucket policies, and issues STS AssumeRole credentials limited by session policies, so
 * tests can prove what a client without the right key or policy cannot do.
 *
 * Needs the Debian packages ceph-mon, ceph-osd, radosgw and ceph-common (Ceph 16 "Pacific" on
 * bookworm): `apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw ceph-common`.
 * Nothing runs as a system service and nothing is written outside the folder.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { freePort } from './cluster/services.ts';

export interface ObjectStoreOptions {
  /** Folder to run in (created; must be empty if it exists). A new temporary folder by default. */
  dir?: string;
  /** S3 port on 127.0.0.1. A free port by default. */
  port?: number;
  /** Bucket created for the tests (private). Default `test-bucket`. */
  bucket?: string;
  /** The OSD keeps objects in memory; writes past this many bytes fail. Default 1 GiB. */
  capacityBytes?: number;
  /** How long start-up may take before it fails with the daemons' logs. Default 60 s. */
  timeoutMs?: number;
  /** Leave the folder (configuration and logs) in place after `stop()`. */
  keepDir?: boolean;
}

export interface ObjectStoreServer {
  /** `http://127.0.0.1:<port>`; buckets are addressed by path (`/<bucket>/<key>`). */
  endpoint: string;
  /** Any region signs correctly; this is the one the credentials were tried with. */
  region: string;
  bucket: string;
  /** Keys of the S3 user that owns `bucket` and may assume `roleArn`. */
  accessKeyId: string;
  secretAccessKey: string;
  /** A role the user may assume through STS AssumeRole (POST to `endpoint`, service `sts`). */
  roleArn?: string;
  /** The folder with ceph.conf, the keyring and the daemons' logs (under `out/`). */
  dir: string;
  /** Process ids of the monitor, the OSD and the gateway. */
  pids: { mon: number; osd: number; rgw: number };
  /** Milliseconds each start-up phase took, in order. */
  timings: Record<string, number>;
  /** Kills the daemons and removes the folder. Safe to call more than once. */
  stop: () => Promise<void>;
}

const REGION = 'us-east-1';
const ROLE_NAME = 'test-uploader';
const USER_ID = 'test-user';

/** The programs used, by the Debian package that ships them. */
const PROGRAMS: Record<string, string> = {
  'ceph-mon': 'ceph-mon',
  'ceph-osd': 'ceph-osd',
  radosgw: 'radosgw',
  'radosgw-admin': 'ceph-common',
  ceph: 'ceph-common',
  monmaptool: 'ceph-base',
};

type DaemonName = 'mon.a' | 'osd.0' | 'client.rgw';

function findProgram(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Throws a clear Error naming the Debian packages to install when a program is missing. */
export function checkObjectStorePrograms(): void {
  const missing = Object.keys(PROGRAMS).filter((name) => !findProgram(name));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((name) => PROGRAMS[name]))];
  throw new Error(
    `The S3 test server needs Ceph's RADOS Gateway, but ${missing.join(', ')} ` +
      `${missing.length === 1 ? 'is' : 'are'} not installed (package ${packages.join(', ')}). ` +
      'On Debian 12: apt-get install -y --no-install-recommends ceph-mon ceph-osd radosgw ceph-common',
  );
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** The last `lines` lines of every log in `out/`, for error messages. */
function logTails(outDir: string, lines = 15): string {
  let files: string[];
  try {
    files = readdirSync(outDir).sort();
  } catch {
    return '(no logs)';
  }
  return files
    .map((file) => {
      let text = '';
      try {
        text = readFileSync(path.join(outDir, file), 'utf8');
      } catch {
        return '';
      }
      const tail = text.trimEnd().split('\n').slice(-lines).join('\n');
      return tail ? `--- ${file} (last ${lines} lines)\n${tail}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

/**
 * A new cephx secret as ceph-authtool writes it: base64 of the key type (1, AES), the creation
 * time (seconds and nanoseconds), the secret's length and 16 random bytes, little-endian.
 */
function cephxKey(): string {
  const buf = Buffer.alloc(28);
  const now = Date.now();
  buf.writeUInt16LE(1, 0);
  buf.writeUInt32LE(Math.floor(now / 1000), 2);
  buf.writeUInt32LE((now % 1000) * 1_000_000, 6);
  buf.writeUInt16LE(16, 10);
  randomBytes(16).copy(buf, 12);
  return buf.toString('base64');
}

function cephConfig(o: {
  dir: string;
  fsid: string;
  monPort: number;
  rgwPort: number;
  stsKey: string;
  capacityBytes: number;
}): string {
  const { dir } = o;
  return `[global]
fsid = ${o.fsid}
mon host = v2:127.0.0.1:${o.monPort}
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind msgr1 = false
ms bind ipv6 = false
auth cluster required = cephx
auth service required = cephx
auth client required = cephx
auth allow insecure global id reclaim = false
mon warn on insecure global id reclaim allowed = false
keyring = ${dir}/keyring
run dir = ${dir}/run
crash dir = ${dir}/crash
log file = ${dir}/out/$name.log
; One OSD: pools of one copy, small placement-group counts, no manager-driven autoscaling.
mon allow pool size one = true
mon warn on pool no redundancy = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon max pg per osd = 1000
osd crush chooseleaf type = 0
mon data avail warn = 1
mon data avail crit = 0
; Commit monitor changes at once rather than batching them for a second (start-up creates pools).
paxos propose interval = 0.01
paxos min wait = 0.001

[mon]
mon data = ${dir}/mon
mon cluster log to file = false
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid

[osd]
osd data = ${dir}/osd$id
osd objectstore = memstore
memstore device bytes = ${o.capacityBytes}
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid

[client]
log to file = false

[client.rgw]
log to file = true
admin socket = ${dir}/run/$name.asok
pid file = ${dir}/run/$name.pid
rgw data = ${dir}/rgw
rgw frontends = beast endpoint=127.0.0.1:${o.rgwPort}
rgw thread pool size = 32
rgw sts key = ${o.stsKey}
rgw s3 auth use sts = true
; Local keys first, so a request signed with a wrong secret is answered SignatureDoesNotMatch
; (with STS first, Pacific reports the STS engine's AccessDenied instead).
rgw s3 auth order = local, sts
`;
}

/** Starts a single-host Ceph with the RADOS Gateway, a user, a private bucket and an STS role. */
export async function startObjectStore(
  options: ObjectStoreOptions = {},
): Promise<ObjectStoreServer> {
  checkObjectStorePrograms();
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = started + timeoutMs;
  const bucket = options.bucket ?? 'test-bucket';

  let dir: string;
  if (options.dir) {
    dir = path.resolve(options.dir);
    mkdirSync(dir, { recursive: true });
    if (readdirSync(dir).length > 0) throw new Error(`object store folder ${dir} is not empty`);
  } else {
    dir = await mkdtemp(path.join(tmpdir(), 'object-store-'));
  }
  const outDir = path.join(dir, 'out');
  for (const sub of ['out', 'run', 'crash', 'mon', 'osd0', 'rgw']) {
    mkdirSync(path.join(dir, sub), { recursive: true });
  }
  const conf = path.join(dir, 'ceph.conf');
  const setpriv = findProgram('setpriv');
  const children = new Map<DaemonName, ChildProcess>();
  let stopped = false;
  const timings: Record<string, number> = {};
  let phaseStart = Date.now();
  const mark = (phase: string) => {
    const now = Date.now();
    timings[phase] = now - phaseStart;
    phaseStart = now;
  };

  // Children die with this process even when it exits without calling stop().
  const killAll = () => {
    for (const child of children.values()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  process.once('exit', killAll);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killAll);
    await Promise.all(
      [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
  };

  const fail = async (message: string): Promise<never> => {
    const logs = logTails(outDir);
    await stop();
    throw new Error(`object store: ${message} (after ${Date.now() - started} ms)\n${logs}`);
  };

  /** Runs a Ceph tool to completion against this cluster; rejects with its output and the logs. */
  const run = (program: string, args: string[], timeout = Math.max(1000, deadline - Date.now())) =>
    new Promise<string>((resolve, reject) => {
      execFile(
        program,
        args,
        { timeout, env: cephEnv(), maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) {
            const detail = `${stderr}${stdout}`.trim().split('\n').slice(-10).join('\n');
            reject(new Error(`${program} ${args.join(' ')} failed: ${error.message}\n${detail}`));
          } else resolve(stdout);
        },
      );
    });

  /** Starts a daemon in the foreground as a child; its stderr goes to out/<name>.stderr. */
  const daemon = (name: DaemonName, program: string, args: string[]) => {
    const stderr = openSync(path.join(outDir, `${name}.stderr`), 'a');
    // setpriv (util-linux) makes the kernel kill the daemon if this process dies without stop().
    const [command, commandArgs] = setpriv
      ? [setpriv, ['--pdeathsig', 'KILL', '--', program, ...args, '-f']]
      : [program, [...args, '-f']];
    const child = spawn(command, commandArgs, {
      env: cephEnv(),
      stdio: ['ignore', stderr, stderr],
    });
    closeSync(stderr);
    children.set(name, child);
    return child;
  };

  /** Polls `ready` until it holds; fails with the logs on the deadline or when a daemon exits. */
  const waitFor = async (what: string, ready: () => Promise<boolean>) => {
    for (;;) {
      if (await ready()) return;
      for (const [name, child] of children) {
        if (child.exitCode !== null || child.signalCode !== null) {
          await fail(
            `${name} exited (${child.exitCode ?? child.signalCode}) while waiting for ${what}`,
          );
        }
      }
      if (Date.now() > deadline) await fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await sleep(50);
    }
  };

  try {
    const monPort = await freePort();
    const rgwPort = options.port ?? (await freePort());
    if (options.port && (await portOpen(options.port))) {
      await fail(`port ${options.port} on 127.0.0.1 is already in use`);
    }
    const fsid = randomUUID();
    const osdUuid = randomUUID();
    const stsKey = randomString(16, 'abcdefghijklmnopqrstuvwxyz0123456789');
    const accessKeyId = randomString(20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const secretAccessKey = randomString(
      40,
      'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
    );
    await writeFile(
      conf,
      cephConfig({
        dir,
        fsid,
        monPort,
        rgwPort,
        stsKey,
        capacityBytes: options.capacityBytes ?? 1024 ** 3,
      }),
    );

    // cephx keys for every daemon and the admin, in one keyring the monitor is created with.
    const keyring = path.join(dir, 'keyring');
    const keys: [string, Record<string, string>][] = [
      ['mon.', { mon: 'allow *' }],
      ['client.admin', { mon: 'allow *', osd: 'allow *', mgr: 'allow *' }],
      ['client.rgw', { mon: 'allow rw', osd: 'allow rwx', mgr: 'allow rw' }],
      ['osd.0', { mon: 'allow profile osd', osd: 'allow *', mgr: 'allow profile osd' }],
    ];
    await writeFile(
      keyring,
      keys
        .map(([entity, caps]) =>
          [
            `[${entity}]`,
            `\tkey = ${cephxKey()}`,
            ...Object.entries(caps).map(([service, cap]) => `\tcaps ${service} = "${cap}"`),
          ].join('\n'),
        )
        .join('\n') + '\n',
      { mode: 0o600 },
    );

    const monmap = path.join(dir, 'monmap');
    await run('monmaptool', [
      '--create',
      '--fsid',
      fsid,
      '--addv',
      'a',
      `[v2:127.0.0.1:${monPort}]`,
      monmap,
    ]);
    mark('config and keys');
    await run('ceph-mon', [
      '-c',
      conf,
      '-i',
      'a',
      '--mkfs',
      '--monmap',
      monmap,
      '--keyring',
      keyring,
    ]);
    daemon('mon.a', 'ceph-mon', ['-c', conf, '-i', 'a']);
    await waitFor('the monitor to listen', () => portOpen(monPort));
    mark('monitor');

    // The OSD is registered with the monitor, formatted (in memory) and started.
    const osdId = (
      await run('ceph', ['-c', conf, '--connect-timeout', '20', 'osd', 'new', osdUuid, '0'])
    ).trim();
    if (osdId !== '0') await fail(`the monitor gave the OSD id ${osdId}, not 0`);
    await run('ceph-osd', ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
    daemon('osd.0', 'ceph-osd', ['-c', conf, '-i', '0']);
    // The gateway starts once the OSD is up: requests sent while no OSD is up wait for the
    // client's next periodic map check, seconds later.
    const osdLog = path.join(outDir, 'osd.0.log');
    await waitFor('the OSD to boot', async () => {
      try {
        return /state: booting -> active/.test(await readFile(osdLog, 'utf8'));
      } catch {
        return false;
      }
    });
    mark('osd');

    // The gateway creates its pools on the first start, then listens.
    daemon('client.rgw', 'radosgw', ['-c', conf, '-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitFor(`the S3 gateway on ${endpoint}`, async () => {
      try {
        const response = await fetch(`${endpoint}/`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        return response.ok;
      } catch {
        return false;
      }
    });
    mark('gateway');

    const admin = ['-c', conf, '-n', 'client.admin'];
    const trust = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: [`arn:aws:iam:::user/${USER_ID}`] },
          Action: ['sts:AssumeRole'],
        },
      ],
    };
    // The role may do anything in the test bucket; a session policy narrows it per AssumeRole.
    const rolePolicy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: ['s3:*'],
          Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`],
        },
      ],
    };
    // The user (with the bucket) and the role are independent, so both are made at once.
    const makeUserAndBucket = async () => {
      await run('radosgw-admin', [
        ...admin,
        'user',
        'create',
        `--uid=${USER_ID}`,
        '--display-name=Test user',
        `--access-key=${accessKeyId}`,
        `--secret-key=${secretAccessKey}`,
        '--caps=roles=*',
      ]);
      const client = new AwsClient({ accessKeyId, secretAccessKey, service: 's3', region: REGION });
      const created = await client.fetch(`${endpoint}/${bucket}`, { method: 'PUT' });
      if (!created.ok) {
        throw new Error(`creating bucket ${bucket}: ${created.status} ${await created.text()}`);
      }
    };
    const makeRole = async () => {
      const role = JSON.parse(
        await run('radosgw-admin', [
          ...admin,
          'role',
          'create',
          `--role-name=${ROLE_NAME}`,
          `--assume-role-policy-doc=${JSON.stringify(trust)}`,
        ]),
      ) as { Arn?: string };
      await run('radosgw-admin', [
        ...admin,
        'role-policy',
        'put',
        `--role-name=${ROLE_NAME}`,
        '--policy-name=bucket-access',
        `--policy-doc=${JSON.stringify(rolePolicy)}`,
      ]);
      return role.Arn ?? `arn:aws:iam:::role/${ROLE_NAME}`;
    };
    const [, roleArn] = await Promise.all([makeUserAndBucket(), makeRole()]);
    mark('user, role and bucket');
    const pid = (name: DaemonName) => children.get(name)?.pid ?? 0;
    return {
      endpoint,
      region: REGION,
      bucket,
      accessKeyId,
      secretAccessKey,
      roleArn,
      dir,
      pids: { mon: pid('mon.a'), osd: pid('osd.0'), rgw: pid('client.rgw') },
      timings,
      stop,
    };
  } catch (error) {
    if (stopped) throw error;
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/** The environment for Ceph programs: no settings from the caller's own cluster. */
function cephEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CEPH_CONF;
  delete env.CEPH_ARGS;
  delete env.CEPH_KEYRING;
  return env;
}
