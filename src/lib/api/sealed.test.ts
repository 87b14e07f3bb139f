/** The key's two spellings and the errors of a build that cannot open what the server sealed. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openWithBuildKey, parseResponseKey, SealedResponseError } from './sealed.ts';

describe('parseResponseKey', () => {
  const raw = randomBytes(32);

  it('reads 32 bytes written as hex or as base64, standard or URL-safe, padded or not', () => {
    for (const text of [
      raw.toString('hex'),
      raw.toString('hex').toUpperCase(),
      raw.toString('base64'),
      raw.toString('base64url'),
      ` ${raw.toString('base64')}\n`,
    ]) {
      expect(Buffer.from(parseResponseKey(text, 'KEY')), text).toEqual(raw);
    }
  });

  it('refuses other lengths and other alphabets, naming the variable but not the value', () => {
    const short = randomBytes(16).toString('base64');
    expect(() => parseResponseKey(short, 'API_RESPONSE_KEY')).toThrow(
      /^Bad API_RESPONSE_KEY: 16 bytes \(32 random bytes/,
    );
    expect(() => parseResponseKey(randomBytes(31).toString('hex'), 'K')).toThrow(/K: 46 bytes/);
    expect(() => parseResponseKey('not a key!', 'K')).toThrow(/K: neither base64 nor hex/);
    try {
      parseResponseKey(short, 'K');
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
  });
});

describe('openWithBuildKey', () => {
  it('says the build has no key when the server sealed the answer', async () => {
    await expect(openWithBuildKey(undefined, new ArrayBuffer(40))).rejects.toThrow(
      /this build has no PUBLIC_API_RESPONSE_KEY/,
    );
  });

  it('names the build variable when its key is malformed, and refuses a body too short', async () => {
    await expect(openWithBuildKey('abc', new ArrayBuffer(40))).rejects.toThrow(
      /Bad PUBLIC_API_RESPONSE_KEY/,
    );
    const key = randomBytes(32).toString('base64');
    await expect(openWithBuildKey(key, new ArrayBuffer(27))).rejects.toBeInstanceOf(
      SealedResponseError,
    );
  });
});
