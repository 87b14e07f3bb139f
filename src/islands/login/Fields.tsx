/** Inputs of the login dialog: phone (+86, 3-4-4, clear), code with the send button, passwords. */
import { useStore } from '@nanostores/react';
import { requestCode } from '../../lib/stores/account.ts';
import {
  $codeSent,
  $countdown,
  $loginBusy,
  $loginForm,
  $passwordVisible,
  setLoginField,
  togglePasswordVisible,
  type PasswordField as PasswordFieldName,
} from '../../lib/stores/login-form.ts';
import { useT } from '../use-t.ts';
import { LoginIcon } from './icons.tsx';

/** Phone with the country label and a clear button. */
export function PhoneField() {
  const t = useT();
  const { phone } = useStore($loginForm);
  return (
    <div className="lf-field">
      <span className="lf-prefix" aria-hidden="true">
        +86
      </span>
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
          className="lf-icon-btn"
          aria-label={t('account.ui.clear')}
          onClick={() => setLoginField('phone', '')}
        >
          <LoginIcon name="close" size={16} />
        </button>
      )}
    </div>
  );
}

/** Numeric 4-digit code with the send button, its 60 s countdown and 'resend'. */
export function CodeField() {
  const t = useT();
  const { code } = useStore($loginForm);
  const countdown = useStore($countdown);
  const sent = useStore($codeSent);
  const busy = useStore($loginBusy);
  const label =
    countdown > 0
      ? t('account.ui.seconds', { count: countdown })
      : t(sent ? 'account.ui.resend' : 'account.ui.sendCode');
  return (
    <div className="lf-field">
      <span className="lf-lead" aria-hidden="true">
        <LoginIcon name="shield" size={18} />
      </span>
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
        data-counting={countdown > 0 || undefined}
        disabled={countdown > 0 || busy}
        onClick={requestCode}
      >
        {label}
      </button>
    </div>
  );
}

/** A password input with its show/hide toggle. */
export function PasswordField({ field, label }: { field: PasswordFieldName; label: string }) {
  const t = useT();
  const value = useStore($loginForm)[field];
  const visible = useStore($passwordVisible)[field];
  return (
    <div className="lf-field">
      <span className="lf-lead" aria-hidden="true">
        <LoginIcon name="lock" size={18} />
      </span>
      <input
        name={field}
        type={visible ? 'text' : 'password'}
        autoComplete={field === 'passwd' ? 'current-password' : 'new-password'}
        maxLength={32}
        placeholder={label}
        aria-label={label}
        value={value}
        onChange={(e) => setLoginField(field, e.target.value)}
      />
      <button
        type="button"
        className="lf-icon-btn"
        aria-label={visible ? t('account.ui.hide') : t('account.ui.show')}
        aria-pressed={visible}
        onClick={() => togglePasswordVisible(field)}
      >
        <LoginIcon name={visible ? 'eyeOff' : 'eye'} size={18} />
      </button>
    </div>
  );
}

/** The red line under the form (server and local validation messages). */
export function ErrorLine({ text }: { text: string }) {
  return (
    <p className="lf-error" role="alert">
      {text}
    </p>
  );
}
