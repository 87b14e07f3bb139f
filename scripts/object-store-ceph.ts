/**
 * What the throwaway Ceph of object-store.ts is made of: the programs it needs (by Debian
 * package), its configuration file, its cephx keyring, and the environment and logs of its
 * daemons. Starting and stopping them is object-store.ts's part.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The programs used, by the Debian package that ships them. */
const PROGRAMS: Record<string, string> = {
  'ceph-mon': 'ceph-mon',
  'ceph-osd': 'ceph-osd',
  radosgw: 'radosgw',
  'radosgw-admin': 'ceph-common',
  ceph: 'ceph-common',
  monmaptool: 'ceph-base',
};

/** The full path of `name` on PATH, if it is there. */
export function findProgram(name: string): string | undefined {
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

/** `length` characters drawn from `alphabet`. */
export function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** The last `lines` lines of every log in `out/`, for error messages. */
export function logTails(outDir: string, lines = 15): string {
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

/** The one keyring of the cluster: a key and capabilities for the monitor, admin, gateway, OSD. */
export function keyringText(): string {
  const keys: [string, Record<string, string>][] = [
    ['mon.', { mon: 'allow *' }],
    ['client.admin', { mon: 'allow *', osd: 'allow *', mgr: 'allow *' }],
    ['client.rgw', { mon: 'allow rw', osd: 'allow rwx', mgr: 'allow rw' }],
    ['osd.0', { mon: 'allow profile osd', osd: 'allow *', mgr: 'allow profile osd' }],
  ];
  return (
    keys
      .map(([entity, caps]) =>
        [
          `[${entity}]`,
          `\tkey = ${cephxKey()}`,
          ...Object.entries(caps).map(([service, cap]) => `\tcaps ${service} = "${cap}"`),
        ].join('\n'),
      )
      .join('\n') + '\n'
  );
}

/** ceph.conf of a single-host cluster under `dir`. */
export function cephConfig(o: {
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

/** The environment for Ceph programs: no settings from the caller's own cluster. */
export function cephEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CEPH_CONF;
  delete env.CEPH_ARGS;
  delete env.CEPH_KEYRING;
  return env;
}
