/** Mode 3: verify the phone with a reset code, set a new password, done. */
import { useStore } from '@nanostores/react';
import {
  $forgotStep,
  $loginBusy,
  $loginForm,
  backToPhoneStep,
  canSubmit,
  resetPassword,
  setLoginMode,
  verifyResetCode,
} from '../../lib/stores/account.ts';
import { useT } from '../use-t.ts';
import { CodeField, PasswordField, PhoneField } from './Fields.tsx';

/** The three-step wizard. */
export function ForgotWizard({ error }: { error: string }) {
  const t = useT();
  const step = useStore($forgotStep);
  const form = useStore($loginForm);
  const busy = useStore($loginBusy);
  const steps = [
    t('account.ui.stepVerify'),
    t('account.ui.stepPassword'),
    t('account.ui.stepDone'),
  ];
  return (
    <div className="lf-forgot">
      <h2>{t('account.ui.forgotTitle')}</h2>
      <ol className="lf-steps">
        {steps.map((label, i) => (
          <li
            key={label}
            className={i + 1 <= step ? 'done' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span>{i + 1}</span>
            {label}
          </li>
        ))}
      </ol>
      {step === 1 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void verifyResetCode();
          }}
        >
          <PhoneField />
          <CodeField />
          <p className="lf-error" role="alert">
            {error}
          </p>
          <button className="btn btn-primary lf-submit" disabled={busy || !canSubmit(3, 1, form)}>
            {t('account.ui.next')}
          </button>
          <button type="button" className="lf-link" onClick={() => setLoginMode(1)}>
            {t('account.ui.backToLogin')}
          </button>
        </form>
      )}
      {step === 2 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void resetPassword();
          }}
        >
          <PasswordField field="passwd1" label={t('account.ui.newPassword')} />
          <PasswordField field="passwd2" label={t('account.ui.confirmPassword')} />
          <p className="lf-hint">{t('account.ui.passwordHint')}</p>
          <p className="lf-error" role="alert">
            {error}
          </p>
          <button className="btn btn-primary lf-submit" disabled={busy || !canSubmit(3, 2, form)}>
            {t('account.ui.confirm')}
          </button>
          <button type="button" className="lf-link" onClick={backToPhoneStep}>
            {t('account.ui.previous')}
          </button>
        </form>
      )}
      {step === 3 && (
        <div className="lf-done">
          <div className="lf-check">✓</div>
          <h3>{t('account.ui.doneTitle')}</h3>
          <p>{t('account.ui.doneBody')}</p>
          <button
            type="button"
            className="btn btn-primary lf-submit"
            onClick={() => setLoginMode(1)}
          >
            {t('account.ui.backToLogin')}
          </button>
        </div>
      )}
    </div>
  );
}
