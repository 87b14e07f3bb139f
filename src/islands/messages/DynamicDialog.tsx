/** The dynamic-release dialog: an anchor's short update with up to nine images, to their fans. */
import { useRef, useState } from 'react';
import { postDynamic } from '../../lib/stores/messages.ts';
import { DYNAMIC_MAX_IMAGES, DYNAMIC_MAX_LENGTH } from '../../lib/messaging/types.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { uploadPicked } from './upload.ts';

/** The dialog, open while rendered. */
export function DynamicDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const add = (picked: File | undefined) =>
    uploadPicked(picked, t, file, setBusy, (url) =>
      setImages((now) => [...now, url].slice(0, DYNAMIC_MAX_IMAGES)),
    );

  const post = async () => {
    setBusy(true);
    try {
      await postDynamic(text.trim(), images);
      showToast(t('messaging.dynamic.posted'), 'success');
      onClose();
    } catch (e) {
      showToast((e as Error).message, 'error');
      setBusy(false);
    }
  };

  return (
    <div className="mc-dialog-backdrop" onClick={onClose}>
      <div
        className="mc-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="dyn-title"
        onClick={(e) => e.stopPropagation()}
        data-dynamic-dialog
      >
        <h2 id="dyn-title">{t('messaging.dynamic.title')}</h2>
        <label className="mc-field">
          <span>{t('messaging.dynamic.label')}</span>
          <textarea
            rows={4}
            maxLength={DYNAMIC_MAX_LENGTH}
            value={text}
            placeholder={t('messaging.dynamic.placeholder')}
            onChange={(e) => setText(e.target.value)}
            autoFocus
          />
        </label>
        <p className="mc-field-label">
          {t('messaging.dynamic.images', { max: DYNAMIC_MAX_IMAGES })}
        </p>
        <ul className="mc-dyn-picks">
          {images.map((src, i) => (
            <li key={src}>
              <img src={src} alt="" />
              <button
                type="button"
                aria-label={t('messaging.dynamic.removeImage', { n: i + 1 })}
                onClick={() => setImages(images.filter((x) => x !== src))}
              >
                ×
              </button>
            </li>
          ))}
          {images.length < DYNAMIC_MAX_IMAGES ? (
            <li>
              <button
                type="button"
                className="mc-dyn-add"
                disabled={busy}
                onClick={() => file.current?.click()}
              >
                + {t('messaging.dynamic.addImage')}
              </button>
              <input
                ref={file}
                type="file"
                hidden
                accept="image/png,image/jpeg,image/gif,image/bmp"
                onChange={(e) => void add(e.target.files?.[0])}
              />
            </li>
          ) : null}
        </ul>
        <div className="mc-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('messaging.dynamic.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || (!text.trim() && images.length === 0)}
            onClick={() => void post()}
          >
            {t('messaging.dynamic.post')}
          </button>
        </div>
      </div>
    </div>
  );
}
