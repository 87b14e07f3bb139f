import { describe, expect, it } from 'vitest';
import { parseFileLimit, socketCaps } from './file-limit.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             unlimited            unlimited            processes
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes`;

describe('file limit', () => {
  it('reads the soft and hard open-file limits of /proc/<pid>/limits', () => {
    expect(parseFileLimit(LIMITS)).toEqual({ soft: 1024, hard: 524288 });
    expect(parseFileLimit('Max open files  unlimited  unlimited  files').soft).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(parseFileLimit('nothing here')).toEqual({ soft: undefined, hard: undefined });
  });

  it('keeps handles free for files and HTTP, less of them under a small limit', () => {
    expect(socketCaps(20_000)).toEqual({ sockets: 19_744, hub: 18_976 });
    expect(socketCaps(1024)).toEqual({ sockets: 896, hub: 768 });
    expect(socketCaps(undefined)).toEqual(socketCaps(1024));
    expect(socketCaps(Number.MAX_SAFE_INTEGER).hub).toBe(1_000_000 - 1024);
  });
});
