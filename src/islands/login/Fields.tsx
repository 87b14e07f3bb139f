/** Inputs of the login dialog: phone (+86, 3-4-4, clear), code with the send button, passwords. */
import { useStore } from '@nanostores/react';
import {
  $codeSent,
  $countdown,
  $loginBusy,
  $loginForm,
  $passwordVisible,
  requestCode,
  setLoginField,
  togglePasswordVisible,
} from '../../lib/stores/account.ts';
import { useT } from '../use-t.ts';

/** Phone with the country label and a clear button. */
export function PhoneField() {
  const t = useT();
  const { phone } = useStore($loginForm);
  return (
    <label className="lf-field">
      <span className="lf-prefix">+86</span>
      <input
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={13}
        placeholder={t('account.ui.phone')}
        aria-label={t('account.ui.phone')}
        value={phone}
        onChange={(e) => setLoginField('phone', e.target.value)}
      />
      {phone && (
        <button
          type="button"
          className="lf-clear"
          aria-label={t('account.ui.clear')}
          onClick={() => setLoginField('phone', '')}
        >
          ×
        </button>
      )}
    </label>
  );
}

/** Numeric 4-digit code with the send button, its 60 s countdown and 'resend'. */
export function CodeField() {
  const t = useT();
  const { code } = useStore($loginForm);
  const countdown = useStore($countdown);
  const sent = useStore($codeSent);
  const busy = useStore($loginBusy);
  return (
    <label className="lf-field">
      <input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        placeholder={t('account.ui.code')}
        aria-label={t('account.ui.code')}
        value={code}
        onChange={(e) => setLoginField('code', e.target.value)}
      />
      <button
        type="button"
        className="lf-send"
        disabled={countdown > 0 || busy}
        onClick={requestCode}
      >
        {countdown > 0
          ? t('account.ui.seconds', { count: countdown })
          : sent
            ? t('account.ui.resend')
            : t('account.ui.sendCode')}
      </button>
    </label>
  );
}

/** A password input with its show/hide toggle. */
export function PasswordField({
  field,
  label,
}: {
  field: 'passwd' | 'passwd1' | 'passwd2';
  label: string;
}) {
  const t = useT();
  const form = useStore($loginForm);
  const visible = useStore($passwordVisible)[field];
  return (
    <label className="lf-field">
      <input
        name={field}
        type={visible ? 'text' : 'password'}
        autoComplete={field === 'passwd' ? 'current-password' : 'new-password'}
        placeholder={label}
        aria-label={label}
        value={form[field]}
        onChange={(e) => setLoginField(field, e.target.value)}
      />
      <button
        type="button"
        className="lf-eye"
        aria-label={visible ? t('account.ui.hide') : t('account.ui.show')}
        aria-pressed={visible}
        onClick={() => togglePasswordVisible(field)}
      >
        {visible ? '◉' : '◎'}
      </button>
    </label>
  );
}
