import { describe, expect, it } from 'vitest';
import { createI18n, rawMessage, shellText } from './index.ts';
import { fillText, SHELL_TEXT_KEYS } from './shell-text.ts';

describe('the page shell strings', () => {
  it('are each locale message as written, and filled they read as i18next says them', () => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const t = createI18n(locale);
      const text = shellText(locale);
      expect(Object.keys(text).sort()).toEqual([...SHELL_TEXT_KEYS].sort());
      for (const key of SHELL_TEXT_KEYS) {
        expect(text[key]).not.toBe(key);
        expect(fillText(text[key], { name: 'Ann' })).toBe(t(key, { name: 'Ann' }));
      }
    }
    expect(shellText('zh-CN')['messaging.toast.watch']).not.toBe(
      shellText('en-US')['messaging.toast.watch'],
    );
  });

  it('fill a value once: placeholders inside a value stay as typed', () => {
    expect(fillText('New message from {{name}}', { name: '{{name}} <b>' })).toBe(
      'New message from {{name}} <b>',
    );
    expect(fillText('{{ name }} and {{other}}', { name: 'x' })).toBe('x and {{other}}');
    expect(fillText('{{toString}}', {})).toBe('{{toString}}');
  });

  it('read a missing message as the key', () => {
    expect(rawMessage('en-US', 'messaging' as never)).toBe('messaging');
  });
});
