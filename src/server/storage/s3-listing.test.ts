import { describe, expect, it } from 'vitest';
import { readListing } from './s3.ts';

const page = (keys: string[], extra: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>b</Name>${extra}` +
  keys.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join('') +
  '</ListBucketResult>';

describe('reading a bucket listing page', () => {
  it('follows the v2 continuation token', () => {
    const listed = readListing(
      page(
        ['replays/a/1.ts', 'replays/a/2.ts'],
        '<IsTruncated>true</IsTruncated><NextContinuationToken>1/x&amp;y</NextContinuationToken>',
      ),
      '',
    );
    expect(listed).toEqual({
      keys: ['replays/a/1.ts', 'replays/a/2.ts'],
      more: true,
      token: '1/x&y',
      after: 'replays/a/2.ts',
    });
  });

  it("follows a v1 listing by its NextMarker, or by its last key (COS's GET Bucket)", () => {
    const marked = readListing(
      page(
        ['replays/a/1.ts'],
        '<IsTruncated>true</IsTruncated><NextMarker>replays/a/1.ts</NextMarker>',
      ),
      '',
    );
    expect(marked).toMatchObject({ more: true, token: '', after: 'replays/a/1.ts' });
    const bare = readListing(
      page(['replays/a/3.ts', 'replays/a/4.ts'], '<IsTruncated>true</IsTruncated>'),
      'replays/a/2.ts',
    );
    expect(bare).toMatchObject({ more: true, token: '', after: 'replays/a/4.ts' });
  });

  it('stops at the last page, and at a page that would not move on', () => {
    expect(readListing(page(['k/1'], '<IsTruncated>false</IsTruncated>'), '').more).toBe(false);
    expect(readListing(page([], '<IsTruncated>true</IsTruncated>'), 'k/1').more).toBe(false);
    expect(
      readListing(
        page(['k/1'], '<IsTruncated>true</IsTruncated><NextMarker>k/1</NextMarker>'),
        'k/1',
      ).more,
    ).toBe(false);
  });
});
