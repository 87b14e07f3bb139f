/**
 * The composer of a conversation: text (Enter sends, Shift+Enter is not needed: one line), an
 * image button that checks and uploads the file before sending it as an image message, and the
 * reason when sending is closed (muted).
 */
import { useRef, useState } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../lib/messaging/types.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { uploadPicked } from './upload.ts';

/** Props of Composer. */
export interface ComposerProps {
  onSend: (text: string, img: string) => Promise<void>;
  images: boolean;
  closedReason: string | null;
}

/** The composer. */
export function Composer({ onSend, images, closedReason }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const run = async (content: string, img: string) => {
    setBusy(true);
    try {
      await onSend(content, img);
      if (!img) setText('');
    } catch (e) {
      showToast((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };

  const pickImage = (picked: File | undefined) =>
    uploadPicked(picked, t, file, setBusy, (url) => onSend('', url));

  if (closedReason) {
    return (
      <p className="mc-closed" role="status" data-composer-closed>
        {closedReason}
      </p>
    );
  }
  return (
    <form
      className="mc-composer"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void run(text.trim(), '');
      }}
    >
      {images ? (
        <>
          <button
            type="button"
            className="mc-attach"
            aria-label={t('messaging.sendImage')}
            title={t('messaging.sendImage')}
            disabled={busy}
            onClick={() => file.current?.click()}
          >
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v9.6l4-4 3 3 3.5-3.5L19 15.6V7zm4.5 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z"
                fill="currentColor"
              />
            </svg>
          </button>
          <input
            ref={file}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/bmp"
            hidden
            data-image-input
            onChange={(e) => void pickImage(e.target.files?.[0])}
          />
        </>
      ) : null}
      <input
        className="mc-input"
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('messaging.placeholder')}
        aria-label={t('messaging.placeholder')}
        onChange={(e) => setText(e.target.value)}
        data-composer
      />
      <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
        {busy ? t('messaging.sending') : t('messaging.send')}
      </button>
    </form>
  );
}
