/**
 * The S3 driver: objects in a bucket of any S3-compatible service (Tencent COS, AWS S3, Ceph
 * RGW...), every request signed with AWS signature v4. Public objects are written readable by
 * anyone (`x-amz-acl: public-read`) and read by browsers at the public address; private ones
 * are read through the site or by a short-lived presigned URL. An error names the key and the
 * service's answer, never a credential.
 */
import { createReadStream } from 'node:fs';
import { stat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { bucketAddress, type S3Settings } from './settings.ts';
import {
  checkKey,
  checkPrefix,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
} from './store.ts';

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
  const infoOf = (res: Response): ObjectInfo => {
    // A range's answer gives the whole object's size after the slash of its Content-Range.
    const whole = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1];
    return {
      size: Number(whole ?? res.headers.get('content-length') ?? 0),
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  };

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
      if (options.move) await unlink(file).catch(() => {});
    },
    async read(key) {
      const res = await client.fetch(urlOf(key));
      if (res.status === 404) return null;
      if (!res.ok) return fail('read', key, res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async open(key, range) {
      const res = await client.fetch(
        urlOf(key),
        range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
      );
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
    async list(prefix) {
      checkPrefix(prefix);
      const keys: string[] = [];
      // A page holds up to 1,000 keys. S3's v2 listing names the next page by a continuation
      // token; a service with only the v1 listing (COS's GET Bucket) ignores `list-type` and
      // pages by marker (its NextMarker, or the last key): both are followed.
      let token = '';
      let after = '';
      for (let page = 0; page < 100_000; page++) {
        const query = new URLSearchParams({ 'list-type': '2', prefix });
        if (token) query.set('continuation-token', token);
        else if (after) {
          query.set('start-after', after);
          query.set('marker', after);
        }
        const res = await client.fetch(`${base}/?${query}`);
        if (!res.ok) return fail('list', prefix, res);
        const listed = readListing(await res.text(), after);
        keys.push(...listed.keys);
        if (!listed.more) break;
        ({ token, after } = listed);
      }
      return keys;
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

/** One page of a bucket listing: its keys and where the next page starts, if there is one. */
export interface ListingPage {
  keys: string[];
  more: boolean;
  /** The v2 listing's continuation token ('' when the service pages by marker). */
  token: string;
  /** The key the next page starts after (v1 listing's NextMarker, or this page's last key). */
  after: string;
}

/** Reads a ListObjects answer (v2, or v1 as COS's GET Bucket gives it); `after` is this page's start. */
export function readListing(xml: string, after: string): ListingPage {
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
  const element = (name: string) =>
    unescapeXml(new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '');
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml) && keys.length > 0;
  const token = truncated ? element('NextContinuationToken') : '';
  const next = truncated ? element('NextMarker') || keys.at(-1)! : '';
  // A page that would start where this one did again ends the listing instead of looping.
  const more = truncated && (token !== '' || next > after);
  return { keys, more, token, after: next };
}

/** Text of an XML element (the five predefined entities). */
function unescapeXml(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );
}

/** A key as a URL path: each segment percent-encoded (keys hold only safe characters anyway). */
function encodeKey(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}
