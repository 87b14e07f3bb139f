import { describe, expect, it } from 'vitest';
import { countWords, isResidentId, maskIdNumber } from './anchor-apply.ts';

describe('anchor application rules', () => {
  it('checks the resident ID check character and birth date', () => {
    expect(isResidentId('11010519491231002X')).toBe(true);
    expect(isResidentId('11010519491231002x')).toBe(true);
    expect(isResidentId('110105194912310021')).toBe(false);
    expect(isResidentId('110105194902300021')).toBe(false);
    expect(isResidentId('11010519491231002')).toBe(false);
  });

  it('counts each CJK character as a word and other words by spaces', () => {
    expect(countWords('我爱足球')).toBe(4);
    expect(countWords('I love  football, really')).toBe(4);
    expect(countWords('我爱 football 解说')).toBe(5);
    expect(countWords('   ')).toBe(0);
  });

  it('masks the ID number', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});
