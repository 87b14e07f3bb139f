/**
 * The request signature of Tencent COS's XML API, the `q-sign-algorithm=sha1&...` value a
 * request carries in its Authorization header, made from a SecretId/SecretKey pair (usually the
 * temporary keys STS gave for one upload) and the time the signature is valid. Runs in browsers
 * and in Node alike: WebCrypto and TextEncoder only. Checked against the examples of COS's
 * "Request Signature" page in cos-sign.test.ts.
 */

/** One COS request to sign. */
export interface CosRequest {
  secretId: string;
  secretKey: string;
  /** The HTTP method, in any case: `PUT`, `get`. */
  method: string;
  /** The object's path as plain text, not percent-encoded: `/images/a.png`. */
  path: string;
  /**
   * The headers to sign, each as it is sent (Host at least). With temporary keys, send their
   * token as `x-cos-security-token` beside the signature.
   */
  headers?: Record<string, string>;
  /** The query parameters to sign, values not encoded; a bare `?acl` is `{ acl: '' }`. */
  query?: Record<string, string>;
  /** When the signature starts and stops being valid, Unix seconds. */
  startTime: number;
  endTime: number;
}

/** A signed COS request: the Authorization value, and each step that led to it. */
export interface CosSignature {
  /** `start;end`, the signature's validity. */
  keyTime: string;
  /** HMAC-SHA1 of the key time under the SecretKey, hex. */
  signKey: string;
  /** The signed parameters' names, encoded, lower-case, sorted, joined with ';'. */
  urlParamList: string;
  /** The signed parameters as `name=value&...`, encoded and in the same order. */
  httpParameters: string;
  /** The signed headers' names, like urlParamList. */
  headerList: string;
  /** The signed headers as `name=value&...`, like httpParameters. */
  httpHeaders: string;
  /** Method, path, parameters and headers, each followed by a line break. */
  httpString: string;
  /** `sha1`, the key time and the SHA-1 of the HTTP string, each followed by a line break. */
  stringToSign: string;
  /** HMAC-SHA1 of the string to sign under the sign key, hex. */
  signature: string;
  /** The Authorization header's value. */
  authorization: string;
}

const encoder = new TextEncoder();

/** Lower-case hex of bytes. */
function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-1 of a UTF-8 string. */
async function sha1Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-1', encoder.encode(text)));
}

/** Hex HMAC-SHA1 of a UTF-8 string under a UTF-8 key. */
async function hmacSha1Hex(key: string, text: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  return hex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

/**
 * COS's URL encoding: UTF-8 percent-encoding of everything but letters, digits and `-_.~`
 * (encodeURIComponent leaves `!'()*` as they are, COS encodes them too).
 */
function cosEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The name list and the `name=value` string of a set of parameters or headers: names encoded and
 * lower-cased, values encoded, both in the order of the encoded names. Throws when two names
 * differ only in case, since COS would sign one of them.
 */
function signedPairs(pairs: Record<string, string>, what: string): [list: string, text: string] {
  const entries = Object.entries(pairs).map(
    ([name, value]) => [cosEncode(name).toLowerCase(), cosEncode(value)] as const,
  );
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 1; i < entries.length; i++)
    if (entries[i]![0] === entries[i - 1]![0])
      throw new Error(`Two ${what} share the name ${entries[i]![0]}`);
  return [
    entries.map(([name]) => name).join(';'),
    entries.map(([name, value]) => `${name}=${value}`).join('&'),
  ];
}

/** Signs one COS request; see `CosSignature` for what comes back. */
export async function signCosRequest(request: CosRequest): Promise<CosSignature> {
  const { secretId, secretKey, method, path, startTime, endTime } = request;
  // The SecretId goes into the Authorization value as it is, so it may not hold a separator.
  if (!secretId || /[&=;\s]/.test(secretId) || !secretKey)
    throw new Error('A COS signature needs a SecretId and a SecretKey');
  if (!/^[A-Za-z]+$/.test(method)) throw new Error('A COS signature needs an HTTP method');
  if (!path.startsWith('/')) throw new Error("A COS request's path starts with '/'");
  if (!Number.isSafeInteger(startTime) || !Number.isSafeInteger(endTime) || startTime < 0)
    throw new Error('A COS signature needs its start and end in whole Unix seconds');
  if (endTime <= startTime) throw new Error("A COS signature's end must come after its start");

  const keyTime = `${startTime};${endTime}`;
  const [urlParamList, httpParameters] = signedPairs(request.query ?? {}, 'query parameters');
  const [headerList, httpHeaders] = signedPairs(request.headers ?? {}, 'headers');
  const httpString = `${method.toLowerCase()}\n${path}\n${httpParameters}\n${httpHeaders}\n`;
  const stringToSign = `sha1\n${keyTime}\n${await sha1Hex(httpString)}\n`;
  const signKey = await hmacSha1Hex(secretKey, keyTime);
  // The sign key is used as text, its hex digits, not as the bytes they stand for.
  const signature = await hmacSha1Hex(signKey, stringToSign);
  const authorization = [
    'q-sign-algorithm=sha1',
    `q-ak=${secretId}`,
    `q-sign-time=${keyTime}`,
    `q-key-time=${keyTime}`,
    `q-header-list=${headerList}`,
    `q-url-param-list=${urlParamList}`,
    `q-signature=${signature}`,
  ].join('&');
  return {
    keyTime,
    signKey,
    urlParamList,
    httpParameters,
    headerList,
    httpHeaders,
    httpString,
    stringToSign,
    signature,
    authorization,
  };
}
