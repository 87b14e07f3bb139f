import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.ts';

describe('excerpt', () => {
  it('drops Markdown syntax and headings, keeps link text', () => {
    const md = '## Title\n\nRead **the rules** in [the help centre](/help).\n\n- one\n- two';
    expect(excerpt(md)).toBe('Read the rules in the help centre. one two');
  });

  it('leaves tables and quotes out of the text', () => {
    expect(excerpt('| a | b |\n| - | - |\n| 1 | 2 |\n\n> Never share a code.')).toBe(
      'Never share a code.',
    );
  });

  it('cuts long English text at a sentence or word boundary', () => {
    const md = `${'Word '.repeat(20)}end. ${'more '.repeat(40)}`;
    const out = excerpt(md, 120);
    expect(out.length).toBeLessThanOrEqual(121);
    expect(out.endsWith('end.') || out.endsWith('…')).toBe(true);
    expect(excerpt('alpha beta gamma delta', 12)).toBe('alpha beta…');
  });

  it('cuts Chinese text after a full stop', () => {
    const md = `${'竞技直播'.repeat(20)}。${'更多内容'.repeat(30)}`;
    expect(excerpt(md, 100)).toBe(`${'竞技直播'.repeat(20)}。`);
  });
});
