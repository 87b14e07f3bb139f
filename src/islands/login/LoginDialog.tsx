/** The login dialog (spec §2): 900 px, SMS and password modes, the forgot wizard and the captcha. */
import { useStore } from '@nanostores/react';
import {
  $loginBusy,
  $loginError,
  $loginForm,
  $loginMode,
  canSubmit,
  closeLoginDialog,
  setLoginMode,
  submitLogin,
} from '../../lib/stores/account.ts';
import { Modal } from '../dialogs/Modal.tsx';
import { useT } from '../use-t.ts';
import { CodeField, PasswordField, PhoneField } from './Fields.tsx';
import { ForgotWizard } from './ForgotWizard.tsx';
import { SlideCaptcha } from './SlideCaptcha.tsx';
import './login.css';

/** The dialog. */
export function LoginDialog() {
  const t = useT();
  const mode = useStore($loginMode);
  const error = useStore($loginError);
  const form = useStore($loginForm);
  const busy = useStore($loginBusy);
  return (
    <Modal width={900} label={t('header.login')} onClose={closeLoginDialog} className="login-modal">
      <div className="lf" data-mode={mode}>
        <aside className="lf-brand">
          <div className="lf-brand-mark">▶</div>
          <h2>{t('account.ui.welcome')}</h2>
          <p>{t('account.ui.pitch')}</p>
          <ul>
            {['0', '1', '2'].map((k) => (
              <li key={k}>{t(`account.ui.perks.${k}`)}</li>
            ))}
          </ul>
        </aside>
        <section className="lf-main">
          {mode === 3 ? (
            <ForgotWizard error={error} />
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                submitLogin();
              }}
            >
              <div className="lf-tabs" role="tablist">
                <button
                  type="button"
                  role="tab"
                  aria-selected={mode === 2}
                  onClick={() => setLoginMode(2)}
                >
                  {t('account.ui.codeTab')}
                </button>
                <button
                  type="button"
                  role="tab"
                  aria-selected={mode === 1}
                  onClick={() => setLoginMode(1)}
                >
                  {t('account.ui.passwordTab')}
                </button>
              </div>
              <PhoneField />
              {mode === 2 ? (
                <CodeField />
              ) : (
                <PasswordField field="passwd" label={t('account.ui.password')} />
              )}
              <p className="lf-hint">{mode === 2 ? t('account.ui.autoRegister') : ' '}</p>
              <p className="lf-error" role="alert">
                {error}
              </p>
              <button
                className="btn btn-primary lf-submit"
                disabled={busy || !canSubmit(mode, 1, form)}
              >
                {t('account.ui.login')}
              </button>
              {mode === 1 && (
                <button type="button" className="lf-link" onClick={() => setLoginMode(3)}>
                  {t('account.ui.forgot')}
                </button>
              )}
            </form>
          )}
        </section>
      </div>
      <SlideCaptcha />
    </Modal>
  );
}
