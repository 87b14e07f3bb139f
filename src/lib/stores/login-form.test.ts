/** The login form's own rules: how the fields are formatted, and when its buttons are enabled. */
import { describe, expect, it } from 'vitest';
import * as loginForm from './login-form.ts';

describe('login form', () => {
  it('formats the phone 3-4-4 (max 13) and the code as 4 digits, and clears the red line', () => {
    loginForm.$loginError.set('old');
    loginForm.setLoginField('phone', '138a1234 00019999');
    loginForm.setLoginField('code', '12x345');
    expect(loginForm.$loginForm.get()).toMatchObject({ phone: '138 1234 0001', code: '1234' });
    expect(loginForm.$loginError.get()).toBe('');
  });

  it('enables the buttons as spec §4 says', () => {
    const form = { phone: '138 1234 0001', code: '', passwd: '', passwd1: '', passwd2: '' };
    expect(loginForm.canSubmit(2, 1, form)).toBe(false);
    expect(loginForm.canSubmit(2, 1, { ...form, code: '12' })).toBe(true);
    expect(loginForm.canSubmit(1, 1, form)).toBe(false);
    expect(loginForm.canSubmit(1, 1, { ...form, passwd: '  ' })).toBe(false);
    expect(loginForm.canSubmit(1, 1, { ...form, passwd: 'abc123' })).toBe(true);
    expect(loginForm.canSubmit(3, 1, { ...form, code: '1234' })).toBe(true);
    expect(loginForm.canSubmit(3, 2, { ...form, passwd1: 'abc123' })).toBe(false);
    expect(loginForm.canSubmit(3, 2, { ...form, passwd1: 'abc123', passwd2: 'x' })).toBe(true);
  });
});
