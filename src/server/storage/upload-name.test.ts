import { describe, expect, it } from 'vitest';
import { CLAIM_GRACE_SECONDS, mintUploadName, ownsUploadName } from './upload-name.ts';
import { isImageObjectKey } from './tencent-sts.ts';

const SECRET = 'site-secret';

describe('direct upload names', () => {
  const expires = 1_900_000_000;
  const name = mintUploadName(SECRET, 100001, expires);

  it('are one object under images/ that STS accepts, new each time', () => {
    expect(isImageObjectKey(name)).toBe(true);
    expect(mintUploadName(SECRET, 100001, expires)).not.toBe(name);
  });

  it('belong to the user they were given to until the grace after expiry runs out', () => {
    expect(ownsUploadName(SECRET, name, 100001, expires - 60)).toBe(true);
    expect(ownsUploadName(SECRET, name, 100001, expires + CLAIM_GRACE_SECONDS)).toBe(true);
    expect(ownsUploadName(SECRET, name, 100001, expires + CLAIM_GRACE_SECONDS + 1)).toBe(false);
    expect(ownsUploadName(SECRET, name, 100002, expires)).toBe(false);
  });

  it('are refused when altered, signed with another secret or of another shape', () => {
    const [, user, exp, nonce, mac] = /^images\/(\d+)-(\d+)-(\w+)-(\w+)$/.exec(name)!;
    const forged = [
      `images/100002-${exp}-${nonce}-${mac}`,
      `images/${user}-${Number(exp) + 3600}-${nonce}-${mac}`,
      `images/${user}-${exp}-${'0'.repeat(12)}-${mac}`,
      `images/${user}-${exp}-${nonce}-${'0'.repeat(32)}`,
      name.replace('images/', 'uploads/'),
      `${name}.webp`,
      `${name}/../x`,
      '',
    ];
    for (const f of forged) expect(ownsUploadName(SECRET, f, Number(user), expires), f).toBe(false);
    expect(ownsUploadName('other-secret', name, 100001, expires)).toBe(false);
  });
});
