import { describe, expect, it } from 'vitest';
import { widenPolicy } from './headers.ts';

describe('the page policy with a storage bucket', () => {
  const policy =
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; " +
    "connect-src 'self' data: blob:; script-src 'self' 'sha256-abc'";

  it('lets images, media and uploads reach the bucket, and nothing else', () => {
    const widened = widenPolicy(policy, ['https://cdn.example.com', 'https://b.cos.example.com']);
    const directive = (name: string) =>
      widened
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    for (const name of ['img-src', 'media-src', 'connect-src']) {
      expect(directive(name)).toContain('https://cdn.example.com https://b.cos.example.com');
    }
    expect(directive('script-src')).toBe("script-src 'self' 'sha256-abc'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });

  it('names each origin once however often the policy is widened', () => {
    const origins = ['https://cdn.example.com'];
    const twice = widenPolicy(widenPolicy(policy, origins), origins);
    expect(twice).toBe(widenPolicy(policy, origins));
    expect(twice.match(/https:\/\/cdn\.example\.com/g)).toHaveLength(3);
  });

  it('leaves the policy as it is on the local driver', () => {
    expect(widenPolicy(policy, [])).toBe(policy);
  });
});
