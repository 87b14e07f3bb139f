/** The login dialog (spec §2): 900 px, SMS and password modes, the forgot wizard and the captcha. */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { dismissLogin, submitLogin } from '../../lib/stores/account.ts';
import {
  $loginBusy,
  $loginError,
  $loginForm,
  $loginMode,
  canSubmit,
  setLoginMode,
} from '../../lib/stores/login-form.ts';
import { Modal } from '../dialogs/Modal.tsx';
import { useT } from '../use-t.ts';
import { BrandPanel } from './BrandPanel.tsx';
import { CodeField, ErrorLine, PasswordField, PhoneField } from './Fields.tsx';
import { ForgotWizard } from './ForgotWizard.tsx';
import { SlideCaptcha } from './SlideCaptcha.tsx';
import './login.css';

/** Targets of the numbered tags in the agreement line. */
const AGREEMENTS: Record<string, string> = { '1': '/protocol/1/web', '2': '/privacy/1' };

/** Turns `<1>text</1>` in a translated line into links (opened in a new tab, so the dialog stays). */
function withLinks(text: string, hrefs: Record<string, string>): ReactNode[] {
  return text.split(/<(\d)>(.*?)<\/\1>/).map((part, i, parts) => {
    if (i % 3 === 0) return part;
    if (i % 3 === 2) return null;
    return (
      <a key={part} href={hrefs[part]} target="_blank" rel="noopener">
        {parts[i + 1]}
      </a>
    );
  });
}

/** Code and password tabs. */
function ModeTabs({ mode }: { mode: 1 | 2 }) {
  const t = useT();
  const tabs = [
    { value: 2, label: t('account.ui.codeTab') },
    { value: 1, label: t('account.ui.passwordTab') },
  ] as const;
  return (
    <div className="lf-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={mode === tab.value}
          onClick={() => setLoginMode(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** Modes 2 and 1: phone, then code or password, the hint, the red line and the button. */
function LoginForm({ mode, error }: { mode: 1 | 2; error: string }) {
  const t = useT();
  const form = useStore($loginForm);
  const busy = useStore($loginBusy);
  return (
    <form
      className="lf-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submitLogin();
      }}
    >
      <ModeTabs mode={mode} />
      <PhoneField />
      {mode === 2 ? (
        <CodeField />
      ) : (
        <PasswordField field="passwd" label={t('account.ui.password')} />
      )}
      <div className="lf-row">
        <p className="lf-hint">{mode === 2 ? t('account.ui.autoRegister') : ''}</p>
        {mode === 1 && (
          <button type="button" className="lf-link" onClick={() => setLoginMode(3)}>
            {t('account.ui.forgot')}
          </button>
        )}
      </div>
      <ErrorLine text={error} />
      <button
        className="btn btn-primary lf-submit"
        aria-busy={busy}
        disabled={busy || !canSubmit(mode, 1, form)}
      >
        {t('account.ui.login')}
      </button>
      <p className="lf-agree">{withLinks(t('account.ui.agree'), AGREEMENTS)}</p>
    </form>
  );
}

/** The dialog. */
export function LoginDialog() {
  const t = useT();
  const mode = useStore($loginMode);
  const error = useStore($loginError);
  return (
    <Modal width={900} label={t('header.login')} onClose={dismissLogin} className="login-modal">
      <div className="lf" data-mode={mode}>
        <BrandPanel />
        <section className="lf-main">
          {mode === 3 ? <ForgotWizard error={error} /> : <LoginForm mode={mode} error={error} />}
        </section>
      </div>
      <SlideCaptcha />
    </Modal>
  );
}
