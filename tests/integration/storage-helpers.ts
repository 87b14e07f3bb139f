/** The throwaway S3 server (Ceph's RADOS Gateway) as the storage settings and suites use it. */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { checkObjectStorePrograms, type ObjectStoreServer } from '../../scripts/object-store.ts';

/** True when Debian's Ceph programs are installed (CI installs them). */
export const S3_SERVER_AVAILABLE = (() => {
  try {
    checkObjectStorePrograms();
    return true;
  } catch (err) {
    console.warn(`The S3 storage suites are skipped: ${(err as Error).message}`);
    return false;
  }
})();

/** The environment that points the site's storage at `server`'s bucket. */
export function storageEnv(server: ObjectStoreServer): Record<string, string> {
  return {
    STORAGE_S3_BUCKET: server.bucket,
    STORAGE_S3_ENDPOINT: server.endpoint,
    STORAGE_S3_REGION: server.region,
    STORAGE_S3_ACCESS_KEY_ID: server.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    STORAGE_S3_PATH_STYLE: '1',
  };
}

/**
 * Lets pages of `origins` send PUTs (direct uploads) to `server`'s bucket and read it, as an
 * operator configures CORS on a COS or S3 bucket for the site.
 */
export async function allowBrowserUploads(
  server: ObjectStoreServer,
  origins: readonly string[],
): Promise<void> {
  const rules = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  const body =
    '<CORSConfiguration><CORSRule>' +
    rules +
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>' +
    '<MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>';
  const client = new AwsClient({
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    service: 's3',
    region: server.region,
    retries: 0,
  });
  const res = await client.fetch(`${server.endpoint}/${server.bucket}?cors`, {
    method: 'PUT',
    body,
    headers: { 'content-md5': createHash('md5').update(body).digest('base64') },
  });
  if (!res.ok) throw new Error(`bucket CORS refused: HTTP ${res.status} ${await res.text()}`);
}
