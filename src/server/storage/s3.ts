/**
 * The S3 driver: objects in a bucket of any S3-compatible service (Tencent COS, AWS S3, Ceph
 * RGW...), every request signed with AWS signature v4. Public objects are written readable by
 * anyone (`x-amz-acl: public-read`) and read by browsers at the public address; private ones
 * are read through the site or by a short-lived presigned URL. An error names the key and the
 * service's answer, never a credential.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { bucketAddress, type S3Settings } from './settings.ts';
import { checkKey, type ObjectInfo, type ObjectStore, type PutOptions } from './store.ts';

/** Longest a presigned URL may live: the protocol's own limit, seven days. */
const MAX_SIGNED_SECONDS = 7 * 24 * 3600;

/** A store over the bucket `settings` names. */
export function s3Store(settings: S3Settings): ObjectStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: 2,
  });
  const base = bucketAddress(settings);
  const urlOf = (key: string) => `${base}/${encodeKey(checkKey(key))}`;

  const fail = async (what: string, key: string, res: Response): Promise<never> => {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]{1,80})<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`storage ${what} ${key}: HTTP ${res.status}${code ? ` ${code}` : ''}`);
  };
  const headersFor = (options: PutOptions, length: number) => ({
    'content-type': options.contentType,
    'content-length': String(length),
    'x-amz-acl': options.visibility === 'public' ? 'public-read' : 'private',
  });
  const infoOf = (res: Response): ObjectInfo => ({
    size: Number(res.headers.get('content-length') ?? 0),
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
  });

  return {
    driver: 's3',
    async put(key, body, options) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: body as Uint8Array<ArrayBuffer>,
        headers: headersFor(options, body.byteLength),
      });
      if (!res.ok) await fail('put', key, res);
      await res.body?.cancel();
    },
    async putFile(key, file, options) {
      const { size } = await stat(file);
      const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: headersFor(options, size),
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) await fail('put', key, res);
      await res.body?.cancel();
    },
    async read(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok) return fail('read', key, res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async open(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok || !res.body) return fail('read', key, res);
      return { info: infoOf(res), body: Readable.fromWeb(res.body as never) };
    },
    async head(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      if (res.status === 404) return null;
      if (!res.ok) return fail('head', key, res);
      return infoOf(res);
    },
    async remove(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!res.ok && res.status !== 404) await fail('remove', key, res);
      await res.body?.cancel();
    },
    publicUrl: (key) => `${settings.publicUrl}/${encodeKey(checkKey(key))}`,
    async signedUrl(key, seconds) {
      const ttl = Math.max(1, Math.min(MAX_SIGNED_SECONDS, Math.floor(seconds)));
      const signed = await client.sign(`${urlOf(key)}?X-Amz-Expires=${ttl}`, {
        method: 'GET',
        aws: { signQuery: true },
      });
      return signed.url;
    },
  };
}

/** A key as a URL path: each segment percent-encoded (keys hold only safe characters anyway). */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
