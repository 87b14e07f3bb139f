/** SMS providers behind one small interface; `console` (the default) prints one JSON line per message. */

/** One message to send. */
export interface SmsMessage {
  mobile: string;
  code: string;
  /** What the code is for: login, password reset or an anchor application's phone. */
  purpose: 'login' | 'reset' | 'anchor_apply';
}

/** Something that delivers SMS codes. */
export interface SmsProvider {
  send: (message: SmsMessage) => Promise<void>;
}

/**
 * Writes `{"event":"sms","mobile":...,"code":...,"purpose":...}` to `sink` (stdout by default):
 * the only place a code ever appears in output.
 */
export function consoleSms(
  sink: (line: string) => void = (l) => process.stdout.write(l),
): SmsProvider {
  return {
    send: (m) => {
      sink(
        JSON.stringify({ event: 'sms', mobile: m.mobile, code: m.code, purpose: m.purpose }) + '\n',
      );
      return Promise.resolve();
    },
  };
}

/** The provider named by SMS_PROVIDER. */
export function createSmsProvider(name: string): SmsProvider {
  if (name === 'console') return consoleSms();
  throw new Error(`Unknown SMS_PROVIDER "${name}" (available: console)`);
}
