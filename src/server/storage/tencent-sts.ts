/**
 * Temporary Tencent Cloud keys for one image upload: calls to Tencent Cloud's API signed with
 * signature v3 (TC3-HMAC-SHA256), the STS `GetFederationToken` call whose policy lets the keys
 * write one object of the site's COS bucket and nothing else, and the reading of STS's answer.
 * Nothing here sends a request: the caller sends what `federationTokenRequest` builds and hands
 * the answer to `parseFederationToken`. Checked against Tencent's published example in
 * tencent-sts.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

/** The algorithm's name, the first word of every Authorization header this module writes. */
const ALGORITHM = 'TC3-HMAC-SHA256';
/** The one body type sent; it is signed exactly as written here. */
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** The headers that take part in the signature, lower-case and in ASCII order. */
const SIGNED_HEADERS = 'content-type;host';

/** The STS endpoint, its product name and the API version `GetFederationToken` belongs to. */
const STS_HOST = 'sts.tencentcloudapi.com';
const STS_SERVICE = 'sts';
const STS_VERSION = '2018-08-13';

/** The longest life asked for: the most Tencent grants keys signed by a root account's key. */
const MAX_DURATION_SECONDS = 7200;
/** The longest object key accepted, `images/` included. */
const MAX_KEY_LENGTH = 200;

/**
 * What the temporary keys may do to their one object: a simple upload, and the multipart upload
 * a browser SDK switches to for a larger file (start, send parts, finish, give up, list parts).
 */
export const UPLOAD_ACTIONS = [
  'name/cos:PutObject',
  'name/cos:InitiateMultipartUpload',
  'name/cos:UploadPart',
  'name/cos:CompleteMultipartUpload',
  'name/cos:AbortMultipartUpload',
  'name/cos:ListParts',
] as const;

/** One call of Tencent Cloud's API to sign (always a POST of a JSON body to `/`). */
export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product, which is also the first label of its host: `cvm`, `sts`. */
  service: string;
  /** The product's API host, such as `sts.tencentcloudapi.com`. */
  host: string;
  /** The API's action, sent as X-TC-Action. */
  action: string;
  /** The product's API version, such as `2018-08-13`. */
  version: string;
  /** The region, sent as X-TC-Region; some actions take none. */
  region?: string;
  /** Signing time in Unix seconds; Tencent refuses a time more than five minutes off its clock. */
  timestamp: number;
  /** The JSON body, exactly as it will be sent. */
  payload: string;
  /** The session token that goes with temporary keys, sent as X-TC-Token. */
  token?: string;
}

/** A signed call: the headers to send, and each step that led to them. */
export interface Tc3Signed {
  /** Every header to send with the body, Authorization included. */
  headers: Record<string, string>;
  /** The Authorization header's value. */
  authorization: string;
  /** Step 1: method, path, query, signed headers and the body's hash, one per line. */
  canonicalRequest: string;
  /** Step 2: algorithm, time, credential scope and the canonical request's hash. */
  stringToSign: string;
  /** Step 3: the hex HMAC of the string to sign under the derived key. */
  signature: string;
}

/** A request ready to send: where, how, with which headers and body. */
export interface SignedHttpRequest {
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** What the site asks STS for: keys that can upload one image, and for how long. */
export interface FederationTokenParams {
  /** The site's permanent key pair, which signs the call and is never sent. */
  secretId: string;
  secretKey: string;
  /** The bucket's region, such as `ap-guangzhou`; the STS call is made in the same region. */
  region: string;
  /** The bucket's full name, which ends in `-<appId>`: `examplebucket-1250000000`. */
  bucket: string;
  /** The Tencent Cloud account's APPID, digits only. */
  appId: string;
  /** The one object the keys may write: `images/` and a single file name. */
  objectKey: string;
  /** How long the keys live, in whole seconds (1 to 7200). */
  durationSeconds: number;
  /** The current time in milliseconds, the request's signing time. */
  now: number;
  /** A name for the holder of the keys, letters only, as Tencent asks. */
  name: string;
}

/** Temporary keys as STS gave them. */
export interface FederationToken {
  tmpSecretId: string;
  tmpSecretKey: string;
  /** Sent with every request signed by these keys (X-TC-Token, x-cos-security-token). */
  sessionToken: string;
  /** When the keys stop working, Unix seconds. */
  expiredTime: number;
  /** Tencent's id for the call, to quote when asking them about it. */
  requestId: string | null;
}

/**
 * Why no keys came back: Tencent's own error code and message, or `MalformedAnswer` when the
 * answer was not the shape STS documents. Never carries a key or token.
 */
export interface FederationTokenError {
  code: string;
  message: string;
  requestId: string | null;
}

/** STS's answer, read: the keys, or why there are none. */
export type FederationTokenAnswer =
  { ok: true; token: FederationToken } | { ok: false; error: FederationTokenError };

/** Lower-case hex SHA-256 of a UTF-8 string. */
function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** HMAC-SHA256 of a UTF-8 string under a key. */
function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

/** The UTC date of a Unix time as `YYYY-MM-DD`: the date in the credential scope. */
function utcDate(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}

/**
 * Signs one call with signature v3 and returns the headers to send it with. The headers signed
 * are Content-Type and Host, as in Tencent's example; the body is always JSON.
 */
export function tc3Sign(request: Tc3Request): Tc3Signed {
  const { secretId, secretKey, service, action, version, region, timestamp, payload, token } =
    request;
  if (!secretId || !secretKey) throw new Error('tc3Sign needs a secretId and a secretKey');
  if (!Number.isSafeInteger(timestamp) || timestamp < 0)
    throw new Error('tc3Sign needs a timestamp in whole Unix seconds');
  const host = request.host.toLowerCase();
  // Tencent checks the service against the host it was sent to.
  if (!/^[a-z0-9]+$/.test(service) || !host.startsWith(`${service}.`))
    throw new Error('tc3Sign needs a service that is the first label of the host');

  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${host}\n`,
    SIGNED_HEADERS,
    sha256Hex(payload),
  ].join('\n');

  // The date is UTC's: Beijing's would be a day ahead for the first eight hours of its day.
  const date = utcDate(timestamp);
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = [ALGORITHM, String(timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );

  const dateKey = hmac(`TC3${secretKey}`, date);
  const serviceKey = hmac(dateKey, service);
  const signingKey = hmac(serviceKey, 'tc3_request');
  const signature = hmac(signingKey, stringToSign).toString('hex');

  const authorization =
    `${ALGORITHM} Credential=${secretId}/${scope}, ` +
    `SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`;
  const headers: Record<string, string> = {
    Authorization: authorization,
    'Content-Type': CONTENT_TYPE,
    Host: host,
    'X-TC-Action': action,
    'X-TC-Timestamp': String(timestamp),
    'X-TC-Version': version,
  };
  if (region) headers['X-TC-Region'] = region;
  if (token) headers['X-TC-Token'] = token;
  return { headers, authorization, canonicalRequest, stringToSign, signature };
}

/**
 * True when `key` is `images/` followed by one file name: letters, digits, '.', '_' and '-',
 * starting with a letter or digit, no '..', at most 200 characters in all. Anything else
 * (another folder, a second '/', a wildcard, a space, a control character) could widen or
 * misplace what the keys may write.
 */
export function isImageObjectKey(key: string): boolean {
  return (
    key.length <= MAX_KEY_LENGTH &&
    /^images\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) &&
    !key.includes('..')
  );
}

/** The COS resource name of one object, the only thing the policy lets the keys touch. */
function cosResource(region: string, appId: string, bucket: string, objectKey: string): string {
  return `qcs::cos:${region}:uid/${appId}:${bucket}/${objectKey}`;
}

/** Throws unless every parameter is one STS can take and the policy stays on one object. */
function checkParams(p: FederationTokenParams): void {
  if (!p.secretId || !p.secretKey) throw new Error('The STS call needs a secretId and a secretKey');
  if (!/^[a-z]+(-[a-z0-9]+)+$/.test(p.region))
    throw new Error('region must be a Tencent Cloud region such as ap-guangzhou');
  if (!/^\d{1,20}$/.test(p.appId)) throw new Error('appId must be digits');
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(p.bucket) || !p.bucket.endsWith(`-${p.appId}`))
    throw new Error('bucket must be a COS bucket name ending in -<appId>');
  if (!isImageObjectKey(p.objectKey))
    throw new Error(
      `objectKey must be images/ and one file name of letters, digits, '.', '_' or '-' ` +
        `(no '..', at most ${MAX_KEY_LENGTH} characters)`,
    );
  if (
    !Number.isSafeInteger(p.durationSeconds) ||
    p.durationSeconds < 1 ||
    p.durationSeconds > MAX_DURATION_SECONDS
  )
    throw new Error(`durationSeconds must be a whole number from 1 to ${MAX_DURATION_SECONDS}`);
  if (!Number.isFinite(p.now) || p.now < 0) throw new Error('now must be a time in milliseconds');
  if (!/^[A-Za-z]{1,32}$/.test(p.name)) throw new Error('name must be 1 to 32 letters');
}

/**
 * The signed STS `GetFederationToken` request for keys that may upload `objectKey` to `bucket`
 * and do nothing else. The policy travels URL-encoded, as Tencent requires. Throws an Error
 * (which never quotes a key) when a parameter is refused, a bad object key above all.
 */
export function federationTokenRequest(params: FederationTokenParams): SignedHttpRequest {
  checkParams(params);
  const { secretId, secretKey, region, bucket, appId, objectKey, durationSeconds, now, name } =
    params;
  const policy = {
    version: '2.0',
    statement: [
      {
        effect: 'allow',
        action: [...UPLOAD_ACTIONS],
        resource: [cosResource(region, appId, bucket, objectKey)],
      },
    ],
  };
  const body = JSON.stringify({
    Name: name,
    Policy: encodeURIComponent(JSON.stringify(policy)),
    DurationSeconds: durationSeconds,
  });
  const { headers } = tc3Sign({
    secretId,
    secretKey,
    service: STS_SERVICE,
    host: STS_HOST,
    action: 'GetFederationToken',
    version: STS_VERSION,
    region,
    timestamp: Math.floor(now / 1000),
    payload: body,
  });
  return { url: `https://${STS_HOST}/`, method: 'POST', headers, body };
}

/** `value` as a plain object, or null. */
function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** `value` when it is a string with something in it, else null. */
function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The refusal for an answer that is not what STS documents; it names the part, never a value. */
function malformed(what: string, requestId: string | null = null): FederationTokenAnswer {
  return {
    ok: false,
    error: { code: 'MalformedAnswer', message: `STS answer ${what}`, requestId },
  };
}

/**
 * Reads STS's answer to `GetFederationToken`, given as the body's text or already parsed:
 * `Response.Credentials` and `Response.ExpiredTime` become the keys, `Response.Error` becomes
 * Tencent's code and message, and anything else a `MalformedAnswer`.
 */
export function parseFederationToken(json: unknown): FederationTokenAnswer {
  let parsed = json;
  if (typeof json === 'string') {
    try {
      parsed = JSON.parse(json);
    } catch {
      return malformed('is not JSON');
    }
  }
  const response = record(record(parsed)?.Response);
  if (!response) return malformed('has no Response object');
  const requestId = text(response.RequestId);

  const error = record(response.Error);
  if (error) {
    return {
      ok: false,
      error: {
        code: text(error.Code) ?? 'UnknownError',
        message: (text(error.Message) ?? 'STS gave no message').slice(0, 500),
        requestId,
      },
    };
  }

  const credentials = record(response.Credentials);
  if (!credentials) return malformed('has no Credentials', requestId);
  const tmpSecretId = text(credentials.TmpSecretId);
  const tmpSecretKey = text(credentials.TmpSecretKey);
  const sessionToken = text(credentials.Token);
  if (!tmpSecretId || !tmpSecretKey || !sessionToken)
    return malformed('lacks TmpSecretId, TmpSecretKey or Token', requestId);
  const expiredTime = response.ExpiredTime;
  if (typeof expiredTime !== 'number' || !Number.isSafeInteger(expiredTime) || expiredTime <= 0)
    return malformed('has no ExpiredTime in Unix seconds', requestId);
  return { ok: true, token: { tmpSecretId, tmpSecretKey, sessionToken, expiredTime, requestId } };
}
