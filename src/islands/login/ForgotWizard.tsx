/** Mode 3: verify the phone with a reset code, set a new password, done. */
import { useStore } from '@nanostores/react';
import type { FormEvent, ReactNode } from 'react';
import { resetPassword, verifyResetCode } from '../../lib/stores/account.ts';
import {
  $forgotStep,
  $loginBusy,
  $loginForm,
  backToPhoneStep,
  canSubmit,
  setLoginMode,
  type ForgotStep,
} from '../../lib/stores/login-form.ts';
import { useT } from '../use-t.ts';
import { CodeField, ErrorLine, PasswordField, PhoneField } from './Fields.tsx';
import { LoginIcon } from './icons.tsx';

/** The three steps with the current one marked. */
function Steps({ step }: { step: ForgotStep }) {
  const t = useT();
  const labels = [
    t('account.ui.stepVerify'),
    t('account.ui.stepPassword'),
    t('account.ui.stepDone'),
  ];
  return (
    <ol className="lf-steps">
      {labels.map((label, i) => {
        // The last step is 'setup successful': every step shows as done.
        const done = i + 1 < step || step === 3;
        return (
          <li
            key={label}
            className={done ? 'done' : i + 1 === step ? 'current' : ''}
            aria-current={i + 1 === step ? 'step' : undefined}
          >
            <span>{done ? <LoginIcon name="check" size={14} /> : i + 1}</span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/** A step's form: fields, the red line, the main button and a link back. */
function StepForm(props: {
  onSubmit: () => void;
  submit: string;
  enabled: boolean;
  back: { label: string; onClick: () => void };
  error: string;
  children: ReactNode;
}) {
  const busy = useStore($loginBusy);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="lf-form" noValidate onSubmit={submit}>
      {props.children}
      <ErrorLine text={props.error} />
      <button
        className="btn btn-primary lf-submit"
        aria-busy={busy}
        disabled={busy || !props.enabled}
      >
        {props.submit}
      </button>
      <button type="button" className="lf-link lf-back" onClick={props.back.onClick}>
        {props.back.label}
      </button>
    </form>
  );
}

/** The three-step wizard. */
export function ForgotWizard({ error }: { error: string }) {
  const t = useT();
  const step = useStore($forgotStep);
  const form = useStore($loginForm);
  return (
    <div className="lf-forgot">
      <h2>{t('account.ui.forgotTitle')}</h2>
      <Steps step={step} />
      {step === 1 && (
        <StepForm
          onSubmit={() => void verifyResetCode()}
          submit={t('account.ui.next')}
          enabled={canSubmit(3, 1, form)}
          back={{ label: t('account.ui.backToLogin'), onClick: () => setLoginMode(1) }}
          error={error}
        >
          <PhoneField />
          <CodeField />
        </StepForm>
      )}
      {step === 2 && (
        <StepForm
          onSubmit={() => void resetPassword()}
          submit={t('account.ui.confirm')}
          enabled={canSubmit(3, 2, form)}
          back={{ label: t('account.ui.previous'), onClick: backToPhoneStep }}
          error={error}
        >
          <PasswordField field="passwd1" label={t('account.ui.newPassword')} />
          <PasswordField field="passwd2" label={t('account.ui.confirmPassword')} />
          <p className="lf-hint">{t('account.ui.passwordHint')}</p>
        </StepForm>
      )}
      {step === 3 && (
        <div className="lf-done">
          <div className="lf-check">
            <LoginIcon name="check" size={34} />
          </div>
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
