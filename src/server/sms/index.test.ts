import { describe, expect, it } from 'vitest';
import { consoleSms, createSmsProvider } from './index.ts';

describe('console SMS provider', () => {
  it('writes exactly one JSON line per message', async () => {
    const lines: string[] = [];
    const sms = consoleSms((line) => lines.push(line));
    await sms.send({ mobile: '13800000000', code: '0427', purpose: 'reset' });
    expect(lines).toEqual([
      '{"event":"sms","mobile":"13800000000","code":"0427","purpose":"reset"}\n',
    ]);
  });

  it('is the only provider, chosen by name', () => {
    expect(createSmsProvider('console')).toHaveProperty('send');
    expect(() => createSmsProvider('twilio')).toThrow(/SMS_PROVIDER/);
  });
});
