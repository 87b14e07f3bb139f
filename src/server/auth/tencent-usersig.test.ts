import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodeTencentUserSig,
  signTencentUserSig,
  verifyTencentUserSig,
  type TencentApp,
} from './tencent-usersig.ts';

/** Tencent's own signer (tencentyun/tls-sig-api-v2-node), the reference: a CommonJS package. */
interface OfficialApi {
  genUserSig(userId: string, expire: number): string;
}
const { Api } = createRequire(import.meta.url)('tls-sig-api-v2') as {
  Api: new (sdkAppId: number, key: string) => OfficialApi;
};

const APP: TencentApp = {
  sdkAppId: 1400000001,
  secret: '5bd2850fff3ecb11d7c805251c51ee463a25727bddc2385f3fa8bfee1bb93b5e',
};
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0, 750);
const DAY = 86_400;

/** The official package's UserSig for `id`, with the clock held at NOW. */
function official(id: string, expire: number): string {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  try {
    return new Api(APP.sdkAppId, APP.secret).genUserSig(id, expire);
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Tencent UserSig (TLSSigAPIv2)', () => {
  it('decodes to the same document and signature as the official package', () => {
    for (const id of ['100003', 'guest_0123456789abcdef', 'administrator']) {
      const theirs = official(id, DAY);
      const ours = signTencentUserSig(APP, id, DAY, NOW);
      const doc = decodeTencentUserSig(ours);
      expect(doc).toEqual(decodeTencentUserSig(theirs));
      expect(doc).toMatchObject({
        'TLS.ver': '2.0',
        'TLS.identifier': id,
        'TLS.sdkappid': APP.sdkAppId,
        'TLS.time': Math.floor(NOW / 1000),
        'TLS.expire': DAY,
      });
      // Same fields in the same order, deflated alike: the very same string.
      expect(ours).toBe(theirs);
      // Each side accepts the other's.
      expect(verifyTencentUserSig(APP, id, theirs, NOW)).toBe(true);
    }
  });

  it('uses only the base64 alphabet with Tencent replacements', () => {
    for (let i = 0; i < 50; i++) {
      const sig = signTencentUserSig(APP, `user${i}`, DAY, NOW + i * 1000);
      expect(sig).toMatch(/^[A-Za-z0-9*_-]+$/);
    }
  });

  it('accepts its own UserSig until it expires', () => {
    const sig = signTencentUserSig(APP, '100003', DAY, NOW);
    expect(verifyTencentUserSig(APP, '100003', sig, NOW)).toBe(true);
    const end = (Math.floor(NOW / 1000) + DAY) * 1000;
    expect(verifyTencentUserSig(APP, '100003', sig, end - 1)).toBe(true);
    expect(verifyTencentUserSig(APP, '100003', sig, end)).toBe(false);
  });

  it('refuses other ids, applications, keys, edited documents and garbage', () => {
    const sig = signTencentUserSig(APP, '100003', DAY, NOW);
    expect(verifyTencentUserSig(APP, '100004', sig, NOW)).toBe(false);
    expect(verifyTencentUserSig({ ...APP, sdkAppId: 1400000002 }, '100003', sig, NOW)).toBe(false);
    expect(verifyTencentUserSig({ ...APP, secret: 'other' }, '100003', sig, NOW)).toBe(false);
    // A longer lifetime written into the document breaks the signature.
    const doc = decodeTencentUserSig(sig)!;
    const longer = { ...doc, 'TLS.expire': DAY * 365 };
    const edited = deflateSync(Buffer.from(JSON.stringify(longer)))
      .toString('base64')
      .replace(/\+/g, '*')
      .replace(/\//g, '-')
      .replace(/=/g, '_');
    expect(decodeTencentUserSig(edited)).toEqual(longer);
    expect(verifyTencentUserSig(APP, '100003', edited, NOW)).toBe(false);
    for (const bad of [
      '',
      'abc',
      '!!!',
      sig.slice(0, 20),
      `${sig}x`,
      'eJyrVgpJLS5RslJQqgUAIwIErQ__',
    ]) {
      expect(decodeTencentUserSig(bad), bad).toBeNull();
      expect(verifyTencentUserSig(APP, '100003', bad, NOW), bad).toBe(false);
    }
  });
});
