/** A cover picker of the start-live dialog. */
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { checkImageFile, uploadImage } from '../../lib/stores/studio.ts';
import { uploadImageViaCloud } from '../../lib/stores/cloud-upload.ts';

/** How long the upload's loading veil may stay before it gives way to the progress bar. */
const LOADING_TIMEOUT_MS = 3_000;

/** One cover: choose a file, checked here and on the server, uploaded with a progress bar. */
export function CoverPicker({
  t,
  use,
  label,
  hint,
  value,
  onChange,
}: {
  t: TFunction;
  use: 'cover' | 'cover_v';
  label: string;
  hint: string;
  value: string;
  onChange: (url: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [veil, setVeil] = useState(false);
  const [problem, setProblem] = useState('');
  const pick = async (file: File) => {
    setProblem('');
    const local = checkImageFile(file);
    if (local) {
      setProblem(t(local));
      return;
    }
    setProgress(0);
    setVeil(true);
    const timer = setTimeout(() => setVeil(false), LOADING_TIMEOUT_MS);
    try {
      // The vertical cover goes straight to the cloud bucket when the site offers it (spec).
      const upload = use === 'cover_v' ? uploadImageViaCloud : uploadImage;
      onChange(await upload(file, use, setProgress));
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      clearTimeout(timer);
      setVeil(false);
      setProgress(null);
    }
  };
  return (
    <div className={`ls-cover ls-cover-${use}`} data-cover={use}>
      <span className="ls-cover-label">
        {label} <small>{hint}</small>
      </span>
      <button
        type="button"
        className="ls-cover-box"
        aria-label={`${label}: ${t(value ? 'studio.dialog.change' : 'studio.dialog.upload')}`}
        onClick={() => input.current?.click()}
      >
        {value ? <img src={value} alt="" /> : <span>+ {t('studio.dialog.upload')}</span>}
        {veil && <span className="ls-cover-veil">{t('studio.upload.loading')}</span>}
        {progress !== null && (
          <span
            className="ls-progress"
            role="progressbar"
            aria-valuenow={Math.round(progress * 100)}
          >
            <span style={{ width: `${Math.round(progress * 100)}%` }} />
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png,.gif,.bmp,image/jpeg,image/png,image/gif,image/bmp"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void pick(file);
        }}
      />
      {problem && (
        <small className="ls-cover-error" role="alert">
          {problem}
        </small>
      )}
    </div>
  );
}
