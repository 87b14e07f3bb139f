/**
 * Where the site keeps what users and lives produce (uploads, thumbnails, recordings, replays,
 * clips): on the local disk under the data folder (the default), or in an S3-compatible bucket
 * (Tencent COS, which the spec uses, or any S3 API) when STORAGE_S3_BUCKET is set. Secrets are
 * read here and never appear in an error message.
 */

/** The S3 driver's settings. */
export interface S3Settings {
  driver: 's3';
  /** Endpoint origin, e.g. https://cos.ap-guangzhou.myqcloud.com (STORAGE_S3_ENDPOINT). */
  endpoint: string;
  /** Bucket name (STORAGE_S3_BUCKET); for COS it ends in the account's APPID. */
  bucket: string;
  /** Signing region (STORAGE_S3_REGION, default us-east-1). */
  region: string;
  /** Access key (STORAGE_S3_ACCESS_KEY_ID). */
  accessKeyId: string;
  /** Secret key (STORAGE_S3_SECRET_ACCESS_KEY); never logged. */
  secretAccessKey: string;
  /**
   * Bucket in the path (`<endpoint>/<bucket>/<key>`, STORAGE_S3_PATH_STYLE=1, for servers on
   * one host name) rather than in the host name (`<bucket>.<endpoint host>/<key>`).
   */
  pathStyle: boolean;
  /**
   * Where browsers read public objects (STORAGE_PUBLIC_URL, e.g. a CDN in front of the bucket);
   * default: the bucket's own address.
   */
  publicUrl: string;
}

export type StorageSettings = { driver: 'local' } | S3Settings;

/** Reads the settings; throws naming the variable (never its secret value) on a bad one. */
export function readStorageSettings(source: NodeJS.ProcessEnv = process.env): StorageSettings {
  const bucket = source.STORAGE_S3_BUCKET?.trim();
  if (!bucket) return { driver: 'local' };
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error('Bad STORAGE_S3_BUCKET: lower-case letters, digits, dots and dashes');
  const endpoint = origin(source.STORAGE_S3_ENDPOINT, 'STORAGE_S3_ENDPOINT');
  const accessKeyId = source.STORAGE_S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = source.STORAGE_S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId) throw new Error('STORAGE_S3_ACCESS_KEY_ID is required with STORAGE_S3_BUCKET');
  if (!secretAccessKey)
    throw new Error('STORAGE_S3_SECRET_ACCESS_KEY is required with STORAGE_S3_BUCKET');
  const region = source.STORAGE_S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new Error('Bad STORAGE_S3_REGION');
  const pathStyle = source.STORAGE_S3_PATH_STYLE === '1';
  const own = pathStyle
    ? `${endpoint}/${bucket}`
    : `${new URL(endpoint).protocol}//${bucket}.${new URL(endpoint).host}`;
  const publicUrl = source.STORAGE_PUBLIC_URL
    ? origin(source.STORAGE_PUBLIC_URL, 'STORAGE_PUBLIC_URL', true)
    : own;
  return {
    driver: 's3',
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    pathStyle,
    publicUrl,
  };
}

/** An http(s) address without a trailing slash (a path is allowed only where `withPath`). */
function origin(value: string | undefined, name: string, withPath = false): string {
  let url: URL;
  try {
    url = new URL(value ?? '');
  } catch {
    throw new Error(`${name} must be an http(s) address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http(s) address`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`${name} must not carry credentials, a query or a fragment`);
  if (!withPath && url.pathname !== '/') throw new Error(`${name} must not have a path`);
  return `${url.origin}${withPath ? url.pathname.replace(/\/+$/, '') : ''}`;
}
