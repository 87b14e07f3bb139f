/** Small shared pieces of the anchor centre. */
import { useT } from '../../use-t.ts';

/** A load failure with a retry button. */
export function Failed({ message, retry }: { message: string; retry: () => unknown }) {
  const t = useT();
  return (
    <div className="ac-failed" role="alert">
      <p>{message || t('studio.centre.loadFailed')}</p>
      <button type="button" className="btn btn-ghost" onClick={() => void retry()}>
        {t('studio.centre.retry')}
      </button>
    </div>
  );
}
