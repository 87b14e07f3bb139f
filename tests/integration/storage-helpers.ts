/** The throwaway S3 server (Ceph's RADOS Gateway) as the storage settings and suites use it. */
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
