import { describe, expect, it } from 'vitest';
import { percentToBasisPoints, readEnv } from './env.ts';

/** What production needs besides SECRET. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://live.example.com' };

describe('readEnv', () => {
  it('reads TRUST_PROXY as a list of IP addresses', () => {
    expect(readEnv({ SECRET: 's' }).trustProxy).toEqual([]);
    expect(readEnv({ SECRET: 's', TRUST_PROXY: '127.0.0.1, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
    ]);
    expect(() => readEnv({ SECRET: 's', TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY/);
  });
  it('reads METRICS_TOKEN, refusing one short enough to guess', () => {
    expect(readEnv({ SECRET: 's' }).metricsToken).toBe('');
    expect(readEnv({ SECRET: 's', METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe(
      '0123456789abcdef',
    );
    expect(() => readEnv({ SECRET: 's', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
  it('reads API_RESPONSE_KEY as 32 bytes in base64 or hex, refusing anything else', () => {
    expect(readEnv({ SECRET: 's' }).apiResponseKey).toBeUndefined();
    const raw = Buffer.alloc(32, 7);
    for (const text of [raw.toString('base64'), raw.toString('hex')]) {
      expect(Buffer.from(readEnv({ SECRET: 's', API_RESPONSE_KEY: text }).apiResponseKey!)).toEqual(
        raw,
      );
    }
    const short = Buffer.alloc(24, 7).toString('base64');
    const refused = () => readEnv({ SECRET: 's', API_RESPONSE_KEY: short });
    expect(refused).toThrow(/^Bad API_RESPONSE_KEY: 24 bytes \(32 random bytes as base64 or/);
    expect(refused).not.toThrow(short);
    expect(() => readEnv({ SECRET: 's', API_RESPONSE_KEY: 'secret key' })).toThrow(
      /API_RESPONSE_KEY: neither base64 nor hex/,
    );
  });
  it('refuses development switches and a missing secret in production', () => {
    expect(() => readEnv({ ...PRODUCTION, SECRET: 's', CAPTCHA_TEST_SOLUTION: '1' })).toThrow(
      /CAPTCHA_TEST_SOLUTION/,
    );
    expect(() => readEnv({ ...PRODUCTION, DATA_DIR: '/tmp/arena-env-test' })).toThrow(/SECRET/);
    expect(readEnv({ ...PRODUCTION, SECRET: 's' }).captchaTestSolution).toBe(false);
  });
  it('reads PUBLIC_URL as an origin, required in production', () => {
    expect(readEnv({ SECRET: 's', PORT: '5000' })).toMatchObject({
      publicUrl: 'http://localhost:5000',
      publicUrlSet: false,
    });
    const set = readEnv({ SECRET: 's', PUBLIC_URL: 'HTTPS://Live.Example.com:443/' });
    expect(set).toMatchObject({ publicUrl: 'https://live.example.com', publicUrlSet: true });
    expect(readEnv({ SECRET: 's', PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe(
      'http://10.0.0.5:8080',
    );
    for (const bad of [
      'live.example.com',
      'ftp://live.example.com',
      'https://live.example.com/live',
      'https://live.example.com/?a=1',
      'https://live.example.com/#top',
      'https://user:pw@live.example.com',
    ]) {
      expect(() => readEnv({ SECRET: 's', PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => readEnv({ NODE_ENV: 'production', SECRET: 's' })).toThrow(/PUBLIC_URL/);
  });
  it('reads the port, host map and live-home hosts', () => {
    const env = readEnv({
      SECRET: 's',
      PORT: '5000',
      REG_SOURCE_HOSTS: 'promo.example=promo, m.example=H5',
      LIVE_HOME_HOSTS: 'Live.Example',
    });
    expect(env.port).toBe(5000);
    expect(env.regSourceHosts).toEqual({ 'promo.example': 'PROMO', 'm.example': 'H5' });
    expect(env.liveHomeHosts).toEqual(['live.example']);
    expect(() => readEnv({ SECRET: 's', PORT: 'abc' })).toThrow(/PORT/);
  });
  it('plays the demo clip unless MEDIA=live, and refuses other media', () => {
    expect(readEnv({ SECRET: 's' }).media).toBe('demo');
    expect(readEnv({ SECRET: 's', MEDIA: 'live' }).media).toBe('live');
    expect(() => readEnv({ SECRET: 's', MEDIA: 'rtmp' })).toThrow(/MEDIA/);
  });
  it('reads the ingest control port and keeps it apart from the RTMP port', () => {
    expect(readEnv({ SECRET: 's' }).rtmpControlPort).toBe(8935);
    expect(readEnv({ SECRET: 's', RTMP_CONTROL_PORT: '9001' }).rtmpControlPort).toBe(9001);
    expect(() => readEnv({ SECRET: 's', RTMP_CONTROL_PORT: '0' })).toThrow(/RTMP_CONTROL_PORT/);
    expect(() => readEnv({ SECRET: 's', RTMP_CONTROL_PORT: '1935' })).toThrow(/differ/);
  });
  it('reads the anchor share, payment provider and order expiry', () => {
    expect(percentToBasisPoints('50')).toBe(5_000);
    expect(percentToBasisPoints('62.5')).toBe(6_250);
    expect(percentToBasisPoints('0.05')).toBe(5);
    expect(() => percentToBasisPoints('100.01')).toThrow(/percentage/);
    expect(() => percentToBasisPoints('-1')).toThrow(/percentage/);
    const env = readEnv({ SECRET: 's' });
    expect(env).toMatchObject({
      anchorShareBp: 5_000,
      paymentProvider: 'sandbox',
      rechargeOrderMinutes: 30,
    });
    expect(readEnv({ SECRET: 's', ANCHOR_SHARE: '70' }).anchorShareBp).toBe(7_000);
    expect(env.quizFeeBp).toBe(0);
    expect(readEnv({ SECRET: 's', QUIZ_FEE: '2.5' }).quizFeeBp).toBe(250);
    expect(() => readEnv({ SECRET: 's', QUIZ_FEE: '60' })).toThrow(/QUIZ_FEE/);
    // The sandbox gives gems for nothing: production must ask for it by name.
    expect(readEnv({ ...PRODUCTION, SECRET: 's' }).paymentProvider).toBe('none');
    expect(
      readEnv({ ...PRODUCTION, SECRET: 's', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider,
    ).toBe('sandbox');
    expect(() => readEnv({ SECRET: 's', PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => readEnv({ SECRET: 's', RECHARGE_ORDER_MINUTES: '0' })).toThrow(/RECHARGE/);
  });
  it('keeps the built-in hub unless IM_PROVIDER=tencent names a whole Tencent application', () => {
    expect(readEnv({ SECRET: 's' }).im).toEqual({ provider: 'builtin' });
    // Tencent settings alone do not switch the provider.
    expect(readEnv({ SECRET: 's', TENCENT_IM_SDKAPPID: '1400000001' }).im.provider).toBe('builtin');
    const tencent = { SECRET: 's', IM_PROVIDER: 'tencent', TENCENT_IM_SDKAPPID: '1400000001' };
    expect(readEnv({ ...tencent, TENCENT_IM_SECRET: ' k3y ' }).im).toEqual({
      provider: 'tencent',
      sdkAppId: 1400000001,
      secret: 'k3y',
    });
    expect(() => readEnv({ SECRET: 's', IM_PROVIDER: 'tim' })).toThrow(/Bad IM_PROVIDER: tim/);
    expect(() => readEnv({ ...tencent, TENCENT_IM_SDKAPPID: '' })).toThrow(
      /TENCENT_IM_SDKAPPID must be set/,
    );
    for (const bad of ['0', '-5', '1.5', 'abc', '4294967296']) {
      expect(
        () => readEnv({ ...tencent, TENCENT_IM_SDKAPPID: bad, TENCENT_IM_SECRET: 'k' }),
        bad,
      ).toThrow(/Bad TENCENT_IM_SDKAPPID/);
    }
    expect(() => readEnv(tencent)).toThrow(/TENCENT_IM_SECRET must be set/);
    expect(() => readEnv({ ...tencent, TENCENT_IM_SECRET: '   ' })).toThrow(/TENCENT_IM_SECRET/);
    // A refused setting never repeats the key.
    const refused = () =>
      readEnv({ ...tencent, TENCENT_IM_SDKAPPID: 'x', TENCENT_IM_SECRET: 'do-not-print' });
    expect(refused).toThrow(/TENCENT_IM_SDKAPPID/);
    expect(refused).not.toThrow(/do-not-print/);
  });
});
