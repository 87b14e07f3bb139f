/**
 * Backup files, read before anything is changed: a PGlite tarball (a gzipped tar of the data
 * folder, as dumpDataDir writes it) or a pg_dump archive in the custom format.
 */
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { BadInput } from './cli.ts';

/** The two kinds of backup: PGlite's tarball and pg_dump's custom format. */
export type BackupKind = 'pglite' | 'pg_dump';

/** The kind of a backup from its first bytes (gzip's magic, or pg_dump's PGDMP), if any. */
export function kindOf(head: Uint8Array): BackupKind | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'pg_dump';
  return undefined;
}

/** What a PGlite tarball holds. */
export interface PgliteArchive {
  /** PostgreSQL major version of the data folder (its PG_VERSION). */
  pgVersion: string;
  /** Regular files in it. */
  files: number;
  /** Their bytes, uncompressed. */
  bytes: number;
}

const BLOCK = 512;

/** A NUL-terminated field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length).toString('utf8');
  const end = raw.indexOf('\0');
  return end === -1 ? raw : raw.slice(0, end);
}

/** An octal number field of a tar header, or NaN. */
function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
}

/** True when the header's checksum (its bytes, the checksum field read as spaces) matches. */
function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return octal(header, 148, 8) === sum;
}

/**
 * Reads a PGlite tarball whole (every header checked, no entry cut short) and returns what it
 * holds; BadInput when it is not gzip, is truncated, or is not a PostgreSQL data folder.
 */
export async function inspectPgliteArchive(gz: Uint8Array, name: string): Promise<PgliteArchive> {
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(gz);
  } catch {
    throw new BadInput(`${name} is not a readable archive (damaged or cut short gzip)`);
  }
  const damaged = () => new BadInput(`${name} is not a readable archive (damaged tar)`);
  let offset = 0;
  let files = 0;
  let bytes = 0;
  let pgVersion: string | undefined;
  let control = false;
  let ended = false;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) {
      ended = true;
      break;
    }
    const size = octal(header, 124, 12);
    if (!checksumOk(header) || Number.isNaN(size)) throw damaged();
    const start = offset + BLOCK;
    if (start + size > tar.length) throw damaged();
    const prefix = field(header, 345, 155);
    const entry = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    const path = entry.replace(/^(\.?\/)+/, '');
    const type = String.fromCharCode(header[156]!);
    if (type === '0' || type === '\0') {
      files += 1;
      bytes += size;
      if (path === 'PG_VERSION') pgVersion = tar.toString('utf8', start, start + size).trim();
      if (path === 'global/pg_control') control = true;
    }
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!ended && offset !== tar.length) throw damaged();
  if (!pgVersion || !control)
    throw new BadInput(`${name} is a tarball but not of a database folder (no PG_VERSION)`);
  return { pgVersion, files, bytes };
}

/** A size for people: 812 B, 4.6 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
