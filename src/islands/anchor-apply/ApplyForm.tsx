/** The anchor application form: every field of spec §3 with the ID photo upload and the code. */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  $applyTypes,
  $codeCountdown,
  EMPTY_APPLY_FORM,
  sendApplyCode,
  submitApply,
  type ApplyFormState,
} from '../../lib/stores/anchor-apply.ts';
import { checkImageFile, uploadImage } from '../../lib/stores/studio.ts';
import { showToast } from '../../lib/stores/toast.ts';
import {
  countWords,
  EXPERIENCES,
  LIVE_AGREEMENT_PATH,
  PROFILE_MAX,
  PROFILE_MIN_WORDS,
} from '../../lib/validation/anchor-apply.ts';
import { SlideCaptcha } from '../login/SlideCaptcha.tsx';
import { useT } from '../use-t.ts';

function Field(props: { label: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <label className={`aa-field${props.wide ? ' is-wide' : ''}`}>
      <span className="aa-label">
        {props.label}
        {props.hint && <em>{props.hint}</em>}
      </span>
      {props.children}
    </label>
  );
}

/** The form; submitting replaces it with the verifying card. */
export function ApplyForm() {
  const t = useT();
  const types = useStore($applyTypes);
  const countdown = useStore($codeCountdown);
  const [form, setForm] = useState<ApplyFormState>(EMPTY_APPLY_FORM);
  const [progress, setProgress] = useState<number | null>(null);
  /** The chosen photo shown from the file itself: the stored one is private. */
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ApplyFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError('');
  };
  const words = countWords(form.profile);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkImageFile(file);
    if (refusal) {
      setError(t(refusal));
      return;
    }
    setError('');
    setProgress(0);
    try {
      set({ id_photo: await uploadImage(file, 'id_photo', setProgress) });
      if (preview) URL.revokeObjectURL(preview);
      setPreview(URL.createObjectURL(file));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const sendCode = () => {
    sendApplyCode(form.mobile, (problem) => {
      setError(problem ?? '');
      if (!problem) showToast(t('anchorApply.form.codeSent'), 'success');
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await submitApply(form);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <form className="aa-card aa-form" onSubmit={(e) => void submit(e)} noValidate data-apply-form>
      <div className="aa-grid">
        <Field label={t('anchorApply.form.liveType')}>
          <select
            name="live_type"
            value={form.live_type}
            onChange={(e) => set({ live_type: e.target.value })}
          >
            <option value="">{t('anchorApply.form.chooseType')}</option>
            {types.map((c) => (
              <optgroup key={c.id} label={c.name}>
                {c.second_category.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <div className="aa-field">
          <span className="aa-label">{t('anchorApply.form.experience')}</span>
          <div className="aa-chips" role="radiogroup">
            {EXPERIENCES.map((x) => (
              <label key={x} className={`aa-chip${form.experience === String(x) ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name="experience"
                  value={x}
                  checked={form.experience === String(x)}
                  onChange={() => set({ experience: String(x) })}
                />
                {t(`anchorApply.experience.${x}`)}
              </label>
            ))}
          </div>
        </div>
        <Field label={t('anchorApply.form.realName')}>
          <input
            name="real_name"
            maxLength={20}
            placeholder={t('anchorApply.form.realNamePh')}
            value={form.real_name}
            onChange={(e) => set({ real_name: e.target.value })}
          />
        </Field>
        <Field label={t('anchorApply.form.contact')}>
          <input
            name="contact"
            maxLength={50}
            placeholder={t('anchorApply.form.contactPh')}
            value={form.contact}
            onChange={(e) => set({ contact: e.target.value })}
          />
        </Field>
        <Field label={t('anchorApply.form.idNumber')}>
          <input
            name="id_number"
            maxLength={18}
            autoComplete="off"
            className="aa-mono"
            placeholder={t('anchorApply.form.idNumberPh')}
            value={form.id_number}
            onChange={(e) => set({ id_number: e.target.value.toUpperCase() })}
          />
        </Field>
        <Field label={t('anchorApply.form.introducer')} hint={t('anchorApply.form.optional')}>
          <input
            name="introducer"
            maxLength={20}
            placeholder={t('anchorApply.form.introducerPh')}
            value={form.introducer}
            onChange={(e) => set({ introducer: e.target.value })}
          />
        </Field>
        <div className="aa-field is-wide">
          <span className="aa-label">
            {t('anchorApply.form.idPhoto')}
            <em>{t('anchorApply.form.idPhotoHint')}</em>
          </span>
          <div className="aa-photo">
            <div className="aa-thumb">
              {form.id_photo && preview ? (
                <img src={preview} alt={t('anchorApply.form.idPhoto')} data-id-photo />
              ) : (
                <svg viewBox="0 0 48 32" width="56" height="38" aria-hidden>
                  <rect
                    x="1"
                    y="1"
                    width="46"
                    height="30"
                    rx="4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                  <circle cx="14" cy="13" r="5" fill="currentColor" />
                  <path d="M6 26c1-5 4-7 8-7s7 2 8 7" fill="currentColor" />
                  <path d="M27 10h14M27 16h14M27 22h9" stroke="currentColor" strokeWidth="2" />
                </svg>
              )}
              {progress !== null && (
                <span className="aa-progress" style={{ width: `${Math.round(progress * 100)}%` }} />
              )}
            </div>
            <label className="btn btn-ghost aa-upload">
              <input
                type="file"
                name="id_photo"
                accept=".jpg,.jpeg,.png,.gif,.bmp"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
              {progress !== null
                ? t('anchorApply.form.uploading', { pct: Math.round(progress * 100) })
                : form.id_photo
                  ? t('anchorApply.form.change')
                  : t('anchorApply.form.upload')}
            </label>
          </div>
        </div>
        <Field label={t('anchorApply.form.profile')} wide>
          <textarea
            name="profile"
            rows={4}
            maxLength={PROFILE_MAX}
            placeholder={t('anchorApply.form.profilePh')}
            value={form.profile}
            onChange={(e) => set({ profile: e.target.value })}
          />
          <span className={`aa-count${words >= PROFILE_MIN_WORDS ? ' is-ok' : ''}`}>
            {t('anchorApply.form.words', { n: words })} · {form.profile.length}/{PROFILE_MAX}
          </span>
        </Field>
        <Field label={t('anchorApply.form.mobile')}>
          <input
            name="mobile"
            inputMode="numeric"
            maxLength={11}
            placeholder={t('anchorApply.form.mobilePh')}
            value={form.mobile}
            onChange={(e) => set({ mobile: e.target.value.replace(/\D/g, '') })}
          />
        </Field>
        <Field label={t('anchorApply.form.code')}>
          <span className="aa-code">
            <input
              name="code"
              inputMode="numeric"
              maxLength={4}
              placeholder={t('anchorApply.form.codePh')}
              value={form.code}
              onChange={(e) => set({ code: e.target.value.replace(/\D/g, '') })}
            />
            <button
              type="button"
              className="btn btn-ghost"
              data-send-code
              disabled={countdown > 0}
              onClick={() => void sendCode()}
            >
              {countdown > 0
                ? t('anchorApply.form.resend', { s: countdown })
                : t('anchorApply.form.sendCode')}
            </button>
          </span>
        </Field>
      </div>
      <label className="aa-agree">
        <input
          type="checkbox"
          name="agree"
          checked={form.agree}
          onChange={(e) => set({ agree: e.target.checked })}
        />
        <span>
          {t('anchorApply.form.agreePrefix')}{' '}
          <a href={LIVE_AGREEMENT_PATH} target="_blank" rel="noopener">
            {t('anchorApply.form.agreement')}
          </a>
        </span>
      </label>
      {error && (
        <p className="aa-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary aa-submit" disabled={busy}>
        {busy ? t('anchorApply.form.submitting') : t('anchorApply.form.submit')}
      </button>
      {/* The slider that comes before each code. */}
      <SlideCaptcha />
    </form>
  );
}
