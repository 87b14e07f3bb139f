/**
 * The selected room's announcement and contacts on the live room settings page: edit, add or
 * remove contacts (up to five) and save; the room's viewers see the change at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_MAX,
  announcementSchema,
  CONTACT_TITLE_MAX,
  CONTACT_VALUE_MAX,
  CONTACTS_MAX,
  type Announcement,
} from '../../lib/live/announcement.ts';
import { $comments, $pending, saveAnnouncement } from '../../lib/stores/comment-admin.ts';
import { useT } from '../use-t.ts';

/** The form; it starts from what the room has saved and follows a change of room. */
export function AnnouncementForm({ room }: { room: number }) {
  const t = useT();
  const saved = useStore($comments).announcement;
  const busy = useStore($pending).has('announce');
  const [draft, setDraft] = useState<Announcement>(saved);
  const [error, setError] = useState('');
  useEffect(() => {
    setDraft(saved);
    setError('');
  }, [saved, room]);

  const setContact = (i: number, key: 'title' | 'value', value: string) =>
    setDraft({
      ...draft,
      contact: draft.contact.map((c, j) => (j === i ? { ...c, [key]: value } : c)),
    });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = announcementSchema.safeParse(draft);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]!.message));
      return;
    }
    setError((await saveAnnouncement(parsed.data, t('commentAdmin.announce.saved'))) ?? '');
  };

  return (
    <form className="cm-panel cm-announce" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('commentAdmin.announce.title')}</h2>
      <p className="cm-none">{t('commentAdmin.announce.hint')}</p>
      <label className="cm-field">
        <span>
          {t('commentAdmin.announce.content')}
          <small>
            {draft.content.length}/{ANNOUNCEMENT_MAX}
          </small>
        </span>
        <textarea
          name="announcement"
          rows={3}
          maxLength={ANNOUNCEMENT_MAX}
          placeholder={t('commentAdmin.announce.placeholder')}
          value={draft.content}
          onChange={(e) => setDraft({ ...draft, content: e.target.value })}
        />
      </label>
      <fieldset className="cm-contacts">
        <legend>{t('commentAdmin.announce.contacts')}</legend>
        {draft.contact.map((c, i) => (
          <div className="cm-contact" key={i}>
            <input
              aria-label={t('commentAdmin.announce.contactTitle')}
              placeholder={t('commentAdmin.announce.contactTitle')}
              maxLength={CONTACT_TITLE_MAX}
              value={c.title}
              onChange={(e) => setContact(i, 'title', e.target.value)}
            />
            <input
              aria-label={t('commentAdmin.announce.contactValue')}
              placeholder={t('commentAdmin.announce.contactValue')}
              maxLength={CONTACT_VALUE_MAX}
              value={c.value}
              onChange={(e) => setContact(i, 'value', e.target.value)}
            />
            <button
              type="button"
              className="btn cm-btn"
              onClick={() =>
                setDraft({ ...draft, contact: draft.contact.filter((_, j) => j !== i) })
              }
            >
              {t('commentAdmin.announce.removeContact')}
            </button>
          </div>
        ))}
        {draft.contact.length < CONTACTS_MAX && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() =>
              setDraft({ ...draft, contact: [...draft.contact, { title: '', value: '' }] })
            }
          >
            {t('commentAdmin.announce.addContact')}
          </button>
        )}
      </fieldset>
      {error && (
        <p className="cm-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('commentAdmin.announce.save')}
      </button>
    </form>
  );
}
