import { describe, expect, it } from 'vitest';
import {
  federationTokenRequest,
  isImageObjectKey,
  parseFederationToken,
  tc3Sign,
  UPLOAD_ACTIONS,
  type FederationTokenParams,
} from './tencent-sts.ts';

// Tencent's worked example of signature v3 (CVM DescribeInstances):
// https://cloud.tencent.com/document/api/213/30654
// The page now hides the middle of the example keys with asterisks; the full keys below are
// the ones its earlier text printed, and they reproduce every value the page still shows.
const EXAMPLE = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  action: 'DescribeInstances',
  version: '2017-03-12',
  region: 'ap-guangzhou',
  timestamp: 1551113065,
  payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
};

const EXAMPLE_CANONICAL_REQUEST =
  'POST\n' +
  '/\n' +
  '\n' +
  'content-type:application/json; charset=utf-8\n' +
  'host:cvm.tencentcloudapi.com\n' +
  '\n' +
  'content-type;host\n' +
  '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064';

const EXAMPLE_STRING_TO_SIGN =
  'TC3-HMAC-SHA256\n' +
  '1551113065\n' +
  '2019-02-25/cvm/tc3_request\n' +
  '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031';

const EXAMPLE_SIGNATURE = '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168';

describe('tc3Sign (signature v3)', () => {
  it("matches every step of Tencent's published example", () => {
    const signed = tc3Sign(EXAMPLE);
    expect(signed.canonicalRequest).toBe(EXAMPLE_CANONICAL_REQUEST);
    expect(signed.stringToSign).toBe(EXAMPLE_STRING_TO_SIGN);
    expect(signed.signature).toBe(EXAMPLE_SIGNATURE);
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        `SignedHeaders=content-type;host, Signature=${EXAMPLE_SIGNATURE}`,
    );
    expect(signed.headers).toEqual({
      Authorization: signed.authorization,
      'Content-Type': 'application/json; charset=utf-8',
      Host: 'cvm.tencentcloudapi.com',
      'X-TC-Action': 'DescribeInstances',
      'X-TC-Timestamp': '1551113065',
      'X-TC-Version': '2017-03-12',
      'X-TC-Region': 'ap-guangzhou',
    });
  });

  it('dates the scope in UTC (1551113065 is already 26 February in Beijing)', () => {
    expect(tc3Sign(EXAMPLE).stringToSign).toContain('\n2019-02-25/cvm/');
  });

  it('sends X-TC-Token with temporary keys, and X-TC-Region only when given', () => {
    const withToken = tc3Sign({ ...EXAMPLE, token: 'session-token' });
    expect(withToken.headers['X-TC-Token']).toBe('session-token');
    // The token is not one of the signed headers.
    expect(withToken.signature).toBe(EXAMPLE_SIGNATURE);
    const noRegion = tc3Sign({ ...EXAMPLE, region: undefined });
    expect(noRegion.headers).not.toHaveProperty('X-TC-Region');
    expect(noRegion.headers).not.toHaveProperty('X-TC-Token');
  });

  it('changes the signature when the body, the time or the key changes', () => {
    expect(tc3Sign({ ...EXAMPLE, payload: '{"Limit": 2}' }).signature).not.toBe(EXAMPLE_SIGNATURE);
    expect(tc3Sign({ ...EXAMPLE, timestamp: 1551113066 }).signature).not.toBe(EXAMPLE_SIGNATURE);
    expect(tc3Sign({ ...EXAMPLE, secretKey: 'another' }).signature).not.toBe(EXAMPLE_SIGNATURE);
  });

  it('refuses a service that is not the host, a missing key or a bad time', () => {
    expect(() => tc3Sign({ ...EXAMPLE, service: 'sts' })).toThrow(/service/);
    expect(() => tc3Sign({ ...EXAMPLE, secretKey: '' })).toThrow(/secretKey/);
    expect(() => tc3Sign({ ...EXAMPLE, timestamp: 1551113065.5 })).toThrow(/timestamp/);
  });
});

const SECRET_KEY = 'kQ9vT2xW7mP4sL8nR3yB6cF1hJ5dG0aZ';
const PARAMS: FederationTokenParams = {
  secretId: 'AKIDsiteexample0000000000000000000000',
  secretKey: SECRET_KEY,
  region: 'ap-guangzhou',
  bucket: 'liveimages-1250000000',
  appId: '1250000000',
  objectKey: 'images/2026-05-01_a1b2c3.webp',
  durationSeconds: 1800,
  now: Date.UTC(2026, 4, 1, 12, 0, 0, 250),
  name: 'siteupload',
};
const RESOURCE =
  'qcs::cos:ap-guangzhou:uid/1250000000:liveimages-1250000000/images/2026-05-01_a1b2c3.webp';

/** The body of a built request and its policy, decoded. */
function decoded(body: string): { body: Record<string, unknown>; policy: unknown } {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return { body: parsed, policy: JSON.parse(decodeURIComponent(parsed.Policy as string)) };
}

/** The message of what `run` throws. */
function thrown(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('federationTokenRequest', () => {
  it('builds a signed STS GetFederationToken call', () => {
    const request = federationTokenRequest(PARAMS);
    expect(request.url).toBe('https://sts.tencentcloudapi.com/');
    expect(request.method).toBe('POST');
    const timestamp = Math.floor(PARAMS.now / 1000);
    expect(request.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      Host: 'sts.tencentcloudapi.com',
      'X-TC-Action': 'GetFederationToken',
      'X-TC-Version': '2018-08-13',
      'X-TC-Region': 'ap-guangzhou',
      'X-TC-Timestamp': String(timestamp),
    });
    expect(request.headers.Authorization).toMatch(
      /^TC3-HMAC-SHA256 Credential=AKIDsiteexample0+\/2026-05-01\/sts\/tc3_request, SignedHeaders=content-type;host, Signature=[0-9a-f]{64}$/,
    );
    // The signature is the one of this very body.
    const again = tc3Sign({
      secretId: PARAMS.secretId,
      secretKey: SECRET_KEY,
      service: 'sts',
      host: 'sts.tencentcloudapi.com',
      action: 'GetFederationToken',
      version: '2018-08-13',
      region: 'ap-guangzhou',
      timestamp,
      payload: request.body,
    });
    expect(request.headers).toEqual(again.headers);
    const { body } = decoded(request.body);
    expect(body).toMatchObject({ Name: 'siteupload', DurationSeconds: 1800 });
  });

  it('sends the policy URL-encoded, and the policy names exactly the one object', () => {
    const { body, policy } = decoded(federationTokenRequest(PARAMS).body);
    expect(body.Policy).toMatch(/^%7B%22version%22%3A%222.0%22/);
    expect(body.Policy).not.toMatch(/[{}":\[\]/]/);
    expect(policy).toEqual({
      version: '2.0',
      statement: [{ effect: 'allow', action: [...UPLOAD_ACTIONS], resource: [RESOURCE] }],
    });
    expect(UPLOAD_ACTIONS).toEqual([
      'name/cos:PutObject',
      'name/cos:InitiateMultipartUpload',
      'name/cos:UploadPart',
      'name/cos:CompleteMultipartUpload',
      'name/cos:AbortMultipartUpload',
      'name/cos:ListParts',
    ]);
    expect(JSON.stringify(policy)).not.toContain('*');
  });

  it('accepts images/ and one safe file name of up to 200 characters', () => {
    for (const key of [
      'images/a.png',
      'images/2026_05-01.avatar.webp',
      `images/${'a'.repeat(193)}`,
    ])
      expect(isImageObjectKey(key), key).toBe(true);
    expect(() =>
      federationTokenRequest({ ...PARAMS, objectKey: `images/${'a'.repeat(193)}` }),
    ).not.toThrow();
  });

  it('refuses a key outside images/, with .. or /, control characters or over 200 characters', () => {
    const refused = [
      'a.png',
      'videos/a.png',
      '/images/a.png',
      'IMAGES/a.png',
      'images/',
      'images',
      'images/../secret.png',
      'images/..',
      'images/a..png',
      'images/.hidden',
      'images/a/b.png',
      'images//a.png',
      'images\\a.png',
      'images/a\u0000.png',
      'images/a\n.png',
      'images/a\r.png',
      'images/a\t.png',
      'images/a\u007f.png',
      'images/a b.png',
      'images/a*.png',
      'images/*',
      'images/a%2F..png',
      'images/a?.png',
      'images/ünïcode.png',
      `images/${'a'.repeat(194)}`,
    ];
    for (const objectKey of refused) {
      expect(isImageObjectKey(objectKey), JSON.stringify(objectKey)).toBe(false);
      expect(() => federationTokenRequest({ ...PARAMS, objectKey }), objectKey).toThrow(
        /objectKey must be images\//,
      );
    }
  });

  it('refuses a bucket, region, APPID, duration, time or name that could not be right', () => {
    const bad: Partial<FederationTokenParams>[] = [
      { bucket: 'liveimages-1250000001' },
      { bucket: 'liveimages' },
      { bucket: 'live/images-1250000000' },
      { bucket: 'live*-1250000000' },
      { region: 'ap-guangzhou:uid' },
      { region: '' },
      { appId: '125000000a' },
      { durationSeconds: 0 },
      { durationSeconds: 7201 },
      { durationSeconds: 90.5 },
      { now: Number.NaN },
      { name: 'site-upload' },
      { name: '' },
      { secretId: '' },
      { secretKey: '' },
    ];
    for (const change of bad)
      expect(
        () => federationTokenRequest({ ...PARAMS, ...change }),
        JSON.stringify(change),
      ).toThrow();
  });

  it('never puts the secret key in the request or in an error', () => {
    const request = federationTokenRequest(PARAMS);
    expect(JSON.stringify(request)).not.toContain(SECRET_KEY);
    const changes: Partial<FederationTokenParams>[] = [
      { objectKey: `images/${SECRET_KEY}/x.png` },
      { objectKey: 'images/../x' },
      { bucket: 'nope' },
      { region: 'x' },
      { appId: 'x' },
      { durationSeconds: -1 },
      { now: -1 },
      { name: '1' },
      { secretId: '' },
    ];
    for (const change of changes) {
      const message = thrown(() => federationTokenRequest({ ...PARAMS, ...change }));
      expect(message).not.toContain(SECRET_KEY);
    }
    expect(thrown(() => tc3Sign({ ...EXAMPLE, service: 'sts' }))).not.toContain(EXAMPLE.secretKey);
  });
});

const TMP_SECRET_KEY = 'tmpKey0ZXhhbXBsZS1zZWNyZXQtbm90LXJlYWw=';
const TOKEN = 'tokenBQYIM75p8x0iWVFSIgqEKwFprpRSVHlzEXAMPLE';

describe('parseFederationToken', () => {
  const answer = {
    Response: {
      Credentials: { Token: TOKEN, TmpSecretId: 'AKIDtmp000example', TmpSecretKey: TMP_SECRET_KEY },
      ExpiredTime: 1777638600,
      Expiration: '2026-05-01T12:30:00Z',
      RequestId: '6ef60bec-0242-43af-bb20-270359fb54a7',
    },
  };

  it("reads the keys, their end and Tencent's request id", () => {
    const expected = {
      ok: true,
      token: {
        tmpSecretId: 'AKIDtmp000example',
        tmpSecretKey: TMP_SECRET_KEY,
        sessionToken: TOKEN,
        expiredTime: 1777638600,
        requestId: '6ef60bec-0242-43af-bb20-270359fb54a7',
      },
    };
    expect(parseFederationToken(answer)).toEqual(expected);
    expect(parseFederationToken(JSON.stringify(answer))).toEqual(expected);
  });

  it("reads Tencent's error code and message", () => {
    const result = parseFederationToken({
      Response: {
        Error: {
          Code: 'AuthFailure.SignatureFailure',
          Message: 'The provided credentials could not be validated.',
        },
        RequestId: 'b1c2',
      },
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'AuthFailure.SignatureFailure',
        message: 'The provided credentials could not be validated.',
        requestId: 'b1c2',
      },
    });
  });

  it('calls anything else a malformed answer, without quoting a key or the token', () => {
    const { Credentials, ...rest } = answer.Response;
    const broken: unknown[] = [
      'not json {',
      null,
      [],
      { Response: 'x' },
      { Response: { RequestId: 'r' } },
      { Response: { ...rest, Credentials: { ...Credentials, Token: '' } } },
      { Response: { ...rest, Credentials: { ...Credentials, TmpSecretId: 7 } } },
      { Response: { ...rest, Credentials, ExpiredTime: '1777638600' } },
      { Response: { ...rest, Credentials, ExpiredTime: undefined } },
    ];
    for (const json of broken) {
      const result = parseFederationToken(json);
      expect(result.ok, JSON.stringify(json)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('MalformedAnswer');
      const said = JSON.stringify(result.error);
      for (const secret of [TMP_SECRET_KEY, TOKEN, 'AKIDtmp000example'])
        expect(said).not.toContain(secret);
    }
  });
});
