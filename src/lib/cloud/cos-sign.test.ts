import { describe, expect, it } from 'vitest';
import { signCosRequest, type CosRequest } from './cos-sign.ts';

// The worked examples of COS's "Request Signature" page:
// https://www.tencentcloud.com/document/product/436/7778
// The English page writes the object name in the HttpString in English; the signature is made
// over the name as requested, "exampleobject(腾讯云)", which the Chinese page shows.
const SECRET_ID = 'AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q';
const SECRET_KEY = 'BQYIM75p8x0iWVFSIgqEKwFprpRSVHlz';
const HOST = 'examplebucket-1250000000.cos.ap-beijing.myqcloud.com';

/** The upload example: PUT /exampleobject(腾讯云) with six headers besides Host. */
const PUT_EXAMPLE: CosRequest = {
  secretId: SECRET_ID,
  secretKey: SECRET_KEY,
  method: 'PUT',
  path: '/exampleobject(腾讯云)',
  headers: {
    Date: 'Thu, 16 May 2019 06:45:51 GMT',
    Host: HOST,
    'Content-Type': 'text/plain',
    'Content-Length': '13',
    'Content-MD5': 'mQ/fVh815F3k6TAUm8m0eg==',
    'x-cos-acl': 'private',
    'x-cos-grant-read': 'uin="100000000011"',
  },
  startTime: 1557989151,
  endTime: 1557996351,
};

const PUT_HTTP_HEADERS =
  'content-length=13&content-md5=mQ%2FfVh815F3k6TAUm8m0eg%3D%3D&content-type=text%2Fplain' +
  '&date=Thu%2C%2016%20May%202019%2006%3A45%3A51%20GMT' +
  `&host=${HOST}&x-cos-acl=private&x-cos-grant-read=uin%3D%22100000000011%22`;

/** The download example: GET of the same object with two response-* parameters. */
const GET_EXAMPLE: CosRequest = {
  secretId: SECRET_ID,
  secretKey: SECRET_KEY,
  method: 'GET',
  path: '/exampleobject(腾讯云)',
  query: {
    'response-content-type': 'application/octet-stream',
    'response-cache-control': 'max-age=600',
  },
  headers: { Date: 'Thu, 16 May 2019 06:55:53 GMT', Host: HOST },
  startTime: 1557989753,
  endTime: 1557996953,
};

describe('signCosRequest', () => {
  it('matches every intermediate value of the published upload example', async () => {
    const signed = await signCosRequest(PUT_EXAMPLE);
    expect(signed.keyTime).toBe('1557989151;1557996351');
    expect(signed.signKey).toBe('eb2519b498b02ac213cb1f3d1a3d27a3b3c9bc5f');
    expect(signed.urlParamList).toBe('');
    expect(signed.httpParameters).toBe('');
    expect(signed.headerList).toBe(
      'content-length;content-md5;content-type;date;host;x-cos-acl;x-cos-grant-read',
    );
    expect(signed.httpHeaders).toBe(PUT_HTTP_HEADERS);
    expect(signed.httpString).toBe(`put\n/exampleobject(腾讯云)\n\n${PUT_HTTP_HEADERS}\n`);
    expect(signed.stringToSign).toBe(
      'sha1\n1557989151;1557996351\n8b2751e77f43a0995d6e9eb9477f4b685cca4172\n',
    );
    expect(signed.signature).toBe('3b8851a11a569213c17ba8fa7dcf2abec6935172');
    expect(signed.authorization).toBe(
      'q-sign-algorithm=sha1&q-ak=AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q' +
        '&q-sign-time=1557989151;1557996351&q-key-time=1557989151;1557996351' +
        '&q-header-list=content-length;content-md5;content-type;date;host;x-cos-acl;x-cos-grant-read' +
        '&q-url-param-list=&q-signature=3b8851a11a569213c17ba8fa7dcf2abec6935172',
    );
  });

  it('matches every intermediate value of the published download example', async () => {
    const signed = await signCosRequest(GET_EXAMPLE);
    const httpHeaders = `date=Thu%2C%2016%20May%202019%2006%3A55%3A53%20GMT&host=${HOST}`;
    const httpParameters =
      'response-cache-control=max-age%3D600&response-content-type=application%2Foctet-stream';
    expect(signed.keyTime).toBe('1557989753;1557996953');
    expect(signed.signKey).toBe('937914bf490e9e8c189836aad2052e4feeb35eaf');
    expect(signed.urlParamList).toBe('response-cache-control;response-content-type');
    expect(signed.httpParameters).toBe(httpParameters);
    expect(signed.headerList).toBe('date;host');
    expect(signed.httpHeaders).toBe(httpHeaders);
    expect(signed.httpString).toBe(
      `get\n/exampleobject(腾讯云)\n${httpParameters}\n${httpHeaders}\n`,
    );
    expect(signed.stringToSign).toBe(
      'sha1\n1557989753;1557996953\n54ecfe22f59d3514fdc764b87a32d8133ea611e6\n',
    );
    expect(signed.signature).toBe('01681b8c9d798a678e43b685a9f1bba0f6c0e012');
    expect(signed.authorization).toBe(
      'q-sign-algorithm=sha1&q-ak=AKIDQjz3ltompVjBni5LitkWHFlFpwkn9U5q' +
        '&q-sign-time=1557989753;1557996953&q-key-time=1557989753;1557996953' +
        '&q-header-list=date;host&q-url-param-list=response-cache-control;response-content-type' +
        '&q-signature=01681b8c9d798a678e43b685a9f1bba0f6c0e012',
    );
  });

  it("encodes !'()* too, and signs a bare parameter as name=", async () => {
    const signed = await signCosRequest({
      ...GET_EXAMPLE,
      query: { acl: '' },
      headers: { Host: HOST, 'x-cos-meta-note': "it's (a) test*!" },
    });
    expect(signed.httpParameters).toBe('acl=');
    expect(signed.urlParamList).toBe('acl');
    expect(signed.httpHeaders).toBe(`host=${HOST}&x-cos-meta-note=it%27s%20%28a%29%20test%2A%21`);
  });

  it('never puts the secret key in what it returns', async () => {
    const signed = await signCosRequest(PUT_EXAMPLE);
    expect(JSON.stringify(signed)).not.toContain(SECRET_KEY);
  });

  it('refuses a request it cannot sign faithfully', async () => {
    const refused: Partial<CosRequest>[] = [
      { secretKey: '' },
      { secretId: '' },
      { secretId: 'AKID&q-ak=other' },
      { method: 'PU T' },
      { path: 'exampleobject' },
      { startTime: 1557996351 },
      { endTime: 1557996351.5 },
      { headers: { Host: HOST, host: HOST } },
      { query: { Acl: '', acl: '' } },
    ];
    for (const change of refused) {
      const failure = signCosRequest({ ...PUT_EXAMPLE, ...change }).then(
        () => null,
        (error: Error) => error.message,
      );
      const message = await failure;
      expect(message, JSON.stringify(change)).toBeTypeOf('string');
      expect(message).not.toContain(SECRET_KEY);
    }
  });
});
