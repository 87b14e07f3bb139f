import { describe, expect, it } from 'vitest';
import { isSitePath, isWebAddress } from './site-path.ts';

describe('isSitePath', () => {
  it('accepts paths of the site', () => {
    for (const p of ['/', '/about/3', '/news_detail/12?lang=en', '/help#account', '/a%20b'])
      expect(isSitePath(p), p).toBe(true);
  });

  it('refuses what a browser reads as another host or no path', () => {
    for (const p of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'evil.example',
      'javascript:alert(1)',
      'https://evil.example',
      '',
      '/ space',
    ])
      expect(isSitePath(p), JSON.stringify(p)).toBe(false);
  });
});

describe('isWebAddress', () => {
  it('accepts http and https addresses with a host', () => {
    for (const a of ['https://weibo.com/arena', 'http://example.com:8080/x?y=1'])
      expect(isWebAddress(a), a).toBe(true);
  });

  it('refuses other schemes, hostless and backslashed addresses', () => {
    for (const a of [
      'javascript:alert(1)',
      'https:///x',
      'https:\\\\evil.example',
      'ftp://x.y',
      'https://a b',
    ])
      expect(isWebAddress(a), a).toBe(false);
  });
});
