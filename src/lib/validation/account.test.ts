import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createI18n } from '../i18n/index.ts';
import {
  formatCodeInput,
  formatPhoneInput,
  loginPasswordSchema,
  mobileSchema,
  newPasswordPairSchema,
  newPasswordSchema,
  smsCodeSchema,
} from './account.ts';
import { firstIssueMessage } from './messages.ts';

const en = createI18n('en-US');
const zh = createI18n('zh-CN');
const message = (schema: z.ZodType, value: unknown, t = en) => {
  const r = schema.safeParse(value);
  return r.success ? '' : firstIssueMessage(r.error, t);
};

describe('phone rules (spec §5, §8)', () => {
  it('requires a mainland number: 1, then 3-9, then 9 digits', () => {
    expect(message(mobileSchema, '')).toBe('phone number does not have value');
    expect(message(mobileSchema, '   ')).toBe('phone number does not have value');
    expect(message(mobileSchema, '12345678901')).toBe('please enter a valid phone number');
    expect(message(mobileSchema, '1390000000')).toBe('please enter a valid phone number');
    expect(message(mobileSchema, '139 0000 0001')).toBe('');
    expect(message(mobileSchema, '', zh)).toBe('手机号不能为空');
    expect(message(mobileSchema, '123', zh)).toBe('请输入正确的手机号');
  });
  it('formats 3-4-4, digits only, at most 13 characters', () => {
    expect(formatPhoneInput('13900000001')).toBe('139 0000 0001');
    expect(formatPhoneInput('139a0000b00012345')).toBe('139 0000 0001');
    expect(formatPhoneInput('1390')).toBe('139 0');
  });
});

describe('code rules', () => {
  it('requires 4 digits', () => {
    expect(message(smsCodeSchema, '')).toBe('verification code must be filled');
    expect(message(smsCodeSchema, '', zh)).toBe('验证码不能为空');
    expect(message(smsCodeSchema, '12a4')).toBe('the verification code is 4 digits');
    expect(message(smsCodeSchema, '1234')).toBe('');
    expect(formatCodeInput('12a345')).toBe('1234');
    expect(formatCodeInput('12a34567', 6)).toBe('123456');
  });
});

describe('password rules', () => {
  it('login password: at least 6 with a letter and a digit', () => {
    expect(message(loginPasswordSchema, 'a1b2')).toBe(
      'password length must be at least 6 characters',
    );
    expect(message(loginPasswordSchema, 'abcdefg')).toBe(
      'your password must contain letters and numbers',
    );
    expect(message(loginPasswordSchema, '1234567', zh)).toBe('密码必须包含字母和数字');
    expect(message(loginPasswordSchema, ' demo1234 ')).toBe('');
  });
  it('new password: 6 to 12 letters and digits, both fields equal', () => {
    expect(message(newPasswordSchema, 'abc12')).toBe(
      'password length must be at least 6 characters',
    );
    expect(message(newPasswordSchema, 'abcdef1234567')).toBe(
      'password length must be up to 12 characters',
    );
    expect(message(newPasswordSchema, 'abcdef1234567', zh)).toBe('密码长度不能超过12位');
    expect(message(newPasswordSchema, 'abc_123')).toBe(
      'your password must contain letters and numbers',
    );
    expect(message(newPasswordPairSchema, { passwd1: 'abc123', passwd2: 'abc124' })).toBe(
      'the two password inputs are inconsistent',
    );
    expect(message(newPasswordPairSchema, { passwd1: 'abc123', passwd2: 'abc124' }, zh)).toBe(
      '两次输入的密码不一致',
    );
    expect(message(newPasswordPairSchema, { passwd1: 'abc123', passwd2: 'abc123' })).toBe('');
  });
});
