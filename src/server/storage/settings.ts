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
  /** How `/api/qcloud_sts` gets temporary upload keys; null: it says cloud upload is off. */
  sts: StsSettings | null;
}

/**
 * Temporary keys for a browser's direct upload (STORAGE_STS): Tencent STS's GetFederationToken
 * for COS (`tencent`; the APPID is the bucket name's last part), or STS AssumeRole (`assume-role`,
 * AWS and S3 servers such as Ceph RGW) of STORAGE_STS_ROLE_ARN at STORAGE_STS_ENDPOINT (default:
 * the storage endpoint).
 */
export type StsSettings =
  { kind: 'tencent'; appId: string } | { kind: 'assume-role'; roleArn: string; endpoint: string };

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
  const own = bucketAddress({ endpoint, bucket, pathStyle });
  const publicUrl = source.STORAGE_PUBLIC_URL
    ? origin(source.STORAGE_PUBLIC_URL, 'STORAGE_PUBLIC_URL', true)
    : own;
  return {
    driver: 's3',
    sts: stsSettings(source, bucket, endpoint),
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    pathStyle,
    publicUrl,
  };
}

/** The bucket's own address: `<address>/<key>` names an object. */
export function bucketAddress(
  settings: Pick<S3Settings, 'endpoint' | 'bucket' | 'pathStyle'>,
): string {
  const { endpoint, bucket, pathStyle } = settings;
  const url = new URL(endpoint);
  return pathStyle ? `${endpoint}/${bucket}` : `${url.protocol}//${bucket}.${url.host}`;
}

/**
 * Origins a browser reaches for stored objects, beyond the site's own: the public address
 * (pictures, media) and the bucket (direct uploads). None on the local driver.
 */
export function browserOrigins(settings: StorageSettings): string[] {
  if (settings.driver !== 's3') return [];
  return [
    ...new Set([new URL(settings.publicUrl).origin, new URL(bucketAddress(settings)).origin]),
  ];
}

function stsSettings(
  source: NodeJS.ProcessEnv,
  bucket: string,
  endpoint: string,
): StsSettings | null {
  const kind = source.STORAGE_STS?.trim();
  if (!kind) return null;
  if (kind === 'tencent') {
    const appId = /-(\d{1,20})$/.exec(bucket)?.[1];
    if (!appId) throw new Error('STORAGE_STS=tencent needs a COS bucket name ending in -<APPID>');
    return { kind, appId };
  }
  if (kind === 'assume-role') {
    const roleArn = source.STORAGE_STS_ROLE_ARN?.trim() ?? '';
    if (!/^arn:[a-z-]+:iam::[^\s]*:role\/[\w+=,.@/-]{1,128}$/.test(roleArn))
      throw new Error('STORAGE_STS=assume-role needs STORAGE_STS_ROLE_ARN (arn:...:role/<name>)');
    const sts = source.STORAGE_STS_ENDPOINT
      ? origin(source.STORAGE_STS_ENDPOINT, 'STORAGE_STS_ENDPOINT')
      : endpoint;
    return { kind, roleArn, endpoint: sts };
  }
  throw new Error('Bad STORAGE_STS: tencent or assume-role');
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
