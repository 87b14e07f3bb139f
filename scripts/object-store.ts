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
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { freePort } from './cluster/services.ts';
import {
  cephConfig,
  cephEnv,
  checkObjectStorePrograms,
  findProgram,
  keyringText,
  logTails,
  randomString,
} from './object-store-ceph.ts';

export { checkObjectStorePrograms };

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

type DaemonName = 'mon.a' | 'osd.0' | 'client.rgw';

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
    await writeFile(keyring, keyringText(), { mode: 0o600 });

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
