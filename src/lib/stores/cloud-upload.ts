/**
 * The vertical cover's upload as the spec describes it: temporary keys from /api/qcloud_sts, the
 * file sent straight to the bucket (COS's signature with Tencent's keys, AWS signature v4 with
 * other S3 services), then the site told to take it in (checked and converted there like any
 * upload). Where the site hands out no keys (it keeps uploads itself, or its STS is down), the
 * file goes through /api/user/file as every other upload does.
 */
import { AwsClient } from 'aws4fetch';
import { signCosRequest } from '../cloud/cos-sign.ts';
import { createI18n } from '../i18n/index.ts';
import { send } from '../api/client.ts';
import { studioApi, type CloudKeys } from '../studio/api.ts';
import { $locale } from './locale.ts';
import { uploadImage } from './studio.ts';

type Use = Parameters<typeof uploadImage>[1];

/** Uploads `file` for `use` through the bucket when it can, else through the site; its path. */
export async function uploadImageViaCloud(
  file: File,
  use: Use,
  onProgress: (fraction: number) => void,
): Promise<string> {
  let keys: CloudKeys;
  try {
    keys = await send(studioApi.cloudKeys);
  } catch {
    return uploadImage(file, use, onProgress);
  }
  await putToBucket(file, keys, onProgress);
  const { url } = await send(studioApi.claimCloudImage, { filename: keys.filename, use });
  return url;
}

/** The headers that sign a PUT of `file` as `keys.filename` with the temporary keys. */
async function signedHeaders(file: File, keys: CloudKeys, url: URL): Promise<Headers> {
  const type = file.type || 'application/octet-stream';
  const { TmpSecretId, TmpSecretKey, Token } = keys.Credentials;
  if (keys.provider === 'tencent') {
    const now = Math.floor(Date.now() / 1000);
    const signed = await signCosRequest({
      secretId: TmpSecretId,
      secretKey: TmpSecretKey,
      method: 'PUT',
      path: url.pathname,
      headers: { 'content-type': type, host: url.host },
      startTime: now - 60,
      endTime: keys.ExpiredTime,
    });
    return new Headers({
      authorization: signed.authorization,
      'content-type': type,
      'x-cos-security-token': Token,
    });
  }
  const client = new AwsClient({
    accessKeyId: TmpSecretId,
    secretAccessKey: TmpSecretKey,
    sessionToken: Token,
    service: 's3',
    region: keys.region,
  });
  const request = await client.sign(url.toString(), {
    method: 'PUT',
    headers: { 'content-type': type },
  });
  return request.headers;
}

/** Sends `file` to the bucket with progress; rejects with a message the viewer can read. */
async function putToBucket(
  file: File,
  keys: CloudKeys,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const t = createI18n($locale.get());
  const url = new URL(`${keys.endpoint}/${keys.filename}`);
  const headers = await signedHeaders(file, keys, url);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url.toString());
    // The browser sets Host and the length itself and refuses to be told them.
    headers.forEach((value, name) => {
      if (name !== 'host' && name !== 'content-length') xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error(t('studio.upload.failed')));
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new Error(t('studio.upload.failed')));
    xhr.send(file);
  });
}
