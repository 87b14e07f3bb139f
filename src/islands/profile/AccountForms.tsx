/** The avatar and nickname forms of the profile page. */
import { useRef, useState, type FormEvent } from 'react';
import { checkImageFile } from '../../lib/stores/studio.ts';
import { saveAvatar, saveNickname, type Profile } from '../../lib/stores/profile.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { firstIssueMessage } from '../../lib/validation/messages.ts';
import { nicknameSchema } from '../../lib/validation/engagement.ts';
import { useT } from '../use-t.ts';

/** Picks, uploads and sets an avatar. */
export function AvatarForm({ profile }: { profile: Profile }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkImageFile(file);
    if (refusal) {
      showToast(t(refusal), 'error');
      return;
    }
    setBusy(true);
    try {
      await saveAvatar(file);
      showToast(t('engagement.profile.avatarSaved'), 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section className="pf-panel" aria-labelledby="pf-avatar-title">
      <h2 id="pf-avatar-title">{t('engagement.profile.avatar')}</h2>
      <div className="pf-avatar-row">
        <img src={profile.avatar} alt="" width={72} height={72} className="pf-avatar small" />
        <div>
          <label className={busy ? 'btn btn-ghost is-busy' : 'btn btn-ghost'}>
            {busy ? t('engagement.profile.uploading') : t('engagement.profile.changeAvatar')}
            <input
              ref={input}
              type="file"
              accept=".jpg,.jpeg,.png,.gif,.bmp"
              className="pf-file"
              data-avatar-input
              disabled={busy}
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </label>
          <p className="pf-hint">{t('engagement.profile.avatarHint')}</p>
        </div>
      </div>
    </section>
  );
}

/** Changes the nickname; says until when it is locked. */
export function NicknameForm({ profile, locale }: { profile: Profile; locale: string }) {
  const t = useT();
  const [value, setValue] = useState(profile.nick_name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const lockedUntil =
    profile.nick_free_at > Date.now() / 1000 ? new Date(profile.nick_free_at * 1000) : null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = nicknameSchema.safeParse(value);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error, t));
      return;
    }
    setBusy(true);
    try {
      await saveNickname(parsed.data);
      setError('');
      showToast(t('engagement.profile.nickSaved'), 'success');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="pf-panel" aria-labelledby="pf-nick-title">
      <h2 id="pf-nick-title">{t('engagement.profile.nickname')}</h2>
      <form className="pf-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="pf-nick">{t('engagement.profile.nickname')}</label>
        <div className="pf-inline">
          <input
            id="pf-nick"
            name="nick_name"
            value={value}
            maxLength={32}
            autoComplete="nickname"
            aria-invalid={error ? true : undefined}
            aria-describedby="pf-nick-hint"
            disabled={lockedUntil !== null}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={busy || lockedUntil !== null}>
            {t('engagement.profile.nickSave')}
          </button>
        </div>
        <p id="pf-nick-hint" className="pf-hint" data-nick-hint>
          {lockedUntil
            ? t('engagement.profile.nickLockedUntil', {
                when: lockedUntil.toLocaleString(locale, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }),
              })
            : t('engagement.profile.nickHint')}
        </p>
        {error && (
          <p className="pf-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
