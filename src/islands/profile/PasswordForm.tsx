/**
 * Sets a first password, or changes it with the current password or an SMS code sent to the
 * account's phone after the slider; the forgot-password rules and messages (6-12 letters and
 * digits, both fields equal).
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import {
  $passwordCodeWait,
  savePassword,
  sendPasswordCode,
  type Profile,
} from '../../lib/stores/profile.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { newPasswordPairSchema, smsCodeSchema } from '../../lib/validation/account.ts';
import { firstIssueMessage } from '../../lib/validation/messages.ts';
import { SlideCaptcha } from '../login/SlideCaptcha.tsx';
import { useT } from '../use-t.ts';
import '../login/captcha.css';

type Proof = 'old' | 'code';

function Secret({
  id,
  label,
  value,
  onChange,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
}) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="pf-field">
      <label htmlFor={id}>{label}</label>
      <div className="pf-inline">
        <input
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          value={value}
          maxLength={32}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost"
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? t('engagement.profile.hide') : t('engagement.profile.show')}
        </button>
      </div>
    </div>
  );
}

/** The password panel. */
export function PasswordForm({ profile }: { profile: Profile }) {
  const t = useT();
  const wait = useStore($passwordCodeWait);
  const [proof, setProof] = useState<Proof>('old');
  const [oldPwd, setOldPwd] = useState('');
  const [code, setCode] = useState('');
  const [pwd, setPwd] = useState('');
  const [pwd2, setPwd2] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const has = profile.has_password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const pair = newPasswordPairSchema.safeParse({ passwd1: pwd, passwd2: pwd2 });
    if (!pair.success) {
      setError(firstIssueMessage(pair.error, t));
      return;
    }
    if (has && proof === 'old' && !oldPwd.trim()) {
      setError(t('engagement.profile.verifyRequired'));
      return;
    }
    if (has && proof === 'code') {
      const checked = smsCodeSchema.safeParse(code);
      if (!checked.success) {
        setError(firstIssueMessage(checked.error, t));
        return;
      }
    }
    setBusy(true);
    try {
      const msg = await savePassword({
        pwd: pwd.trim(),
        ...(has && proof === 'old' ? { old_pwd: oldPwd.trim() } : {}),
        ...(has && proof === 'code' ? { code: code.trim() } : {}),
      });
      setError('');
      setOldPwd('');
      setCode('');
      setPwd('');
      setPwd2('');
      showToast(msg, 'success');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="pf-panel"
      aria-labelledby="pf-pwd-title"
      data-password-form={has ? 'change' : 'set'}
    >
      <h2 id="pf-pwd-title">{t('engagement.profile.password')}</h2>
      <p className="pf-hint">
        {has ? t('engagement.profile.passwordHas') : t('engagement.profile.passwordNone')}
      </p>
      <form className="pf-form" onSubmit={(e) => void submit(e)} noValidate>
        {has && (
          <div
            className="pill-tabs pf-proof"
            role="radiogroup"
            aria-label={t('engagement.profile.changePassword')}
          >
            {(['old', 'code'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={proof === p}
                className={proof === p ? 'is-active' : undefined}
                onClick={() => setProof(p)}
              >
                {p === 'old' ? t('engagement.profile.byOld') : t('engagement.profile.byCode')}
              </button>
            ))}
          </div>
        )}
        {has && proof === 'old' && (
          <Secret
            id="pf-old"
            label={t('engagement.profile.oldPassword')}
            value={oldPwd}
            onChange={setOldPwd}
            autoComplete="current-password"
          />
        )}
        {has && proof === 'code' && (
          <div className="pf-field">
            <label htmlFor="pf-code">{t('engagement.profile.code')}</label>
            <div className="pf-inline">
              <input
                id="pf-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 4))}
              />
              <button
                type="button"
                className="btn btn-ghost"
                disabled={wait > 0}
                data-send-password-code
                onClick={() =>
                  sendPasswordCode((err) =>
                    err
                      ? showToast(err, 'error')
                      : showToast(t('engagement.profile.codeSent'), 'success'),
                  )
                }
              >
                {wait > 0
                  ? `${wait}s`
                  : t('engagement.profile.sendCode', { phone: profile.formatPhone })}
              </button>
            </div>
          </div>
        )}
        <Secret
          id="pf-new"
          label={t('engagement.profile.newPassword')}
          value={pwd}
          onChange={setPwd}
          autoComplete="new-password"
        />
        <Secret
          id="pf-new2"
          label={t('engagement.profile.confirmPassword')}
          value={pwd2}
          onChange={setPwd2}
          autoComplete="new-password"
        />
        <p className="pf-hint">{t('account.ui.passwordHint')}</p>
        {error && (
          <p className="pf-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || !pwd || !pwd2}>
          {has ? t('engagement.profile.changePassword') : t('engagement.profile.setPassword')}
        </button>
      </form>
      <SlideCaptcha />
    </section>
  );
}
