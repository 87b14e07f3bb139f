/**
 * POST /internal/backup: the embedded database as a gzipped tarball of its folder, taken inside
 * the running process, since PGlite allows one process per folder (`npm run backup` asks the
 * server that holds it). Answered to loopback callers only, and only with a bearer token derived
 * from SECRET, which only the owner of DATA_DIR can read; the cluster's nginx answers 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';

/** The path of the backup call. */
export const BACKUP_PATH = '/internal/backup';

/** Response header naming the process that took the dump (the holder file's pid). */
export const BACKUP_PID_HEADER = 'x-arena-pid';

/** The bearer token of the backup call: an HMAC of a fixed label under SECRET. */
export function backupToken(secret: string): string {
  return createHmac('sha256', secret).update('arena-live internal backup v1').digest('hex');
}

/** True when `authorization` is `Bearer <backupToken(secret)>`. */
export function backupAuthorized(authorization: string | undefined, secret: string): boolean {
  if (!authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7));
  const wanted = Buffer.from(backupToken(secret));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function answer(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error }));
}

/** Answers the backup call of a loopback caller (the caller's address is checked before). */
export async function serveBackup(
  rt: Runtime,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    answer(res, 405, 'POST only');
    return;
  }
  if (!backupAuthorized(req.headers.authorization, rt.env.secret)) {
    answer(res, 403, 'bad or missing backup token');
    return;
  }
  const dump = rt.database.dump;
  if (!dump) {
    answer(res, 404, 'not an embedded database: back up PostgreSQL with pg_dump');
    return;
  }
  const started = Date.now();
  try {
    const body = Buffer.from(await (await dump()).arrayBuffer());
    res.writeHead(200, {
      'content-type': 'application/gzip',
      'content-length': body.length,
      'cache-control': 'no-store',
      [BACKUP_PID_HEADER]: String(process.pid),
    });
    res.end(body);
    log('info', 'backup_served', { bytes: body.length, ms: Date.now() - started });
  } catch (err) {
    log('error', 'backup_failed', { error: String(err) });
    answer(res, 500, 'the dump failed');
  }
}
