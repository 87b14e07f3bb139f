/** The panel a guest sees instead of a personal page: what it is, and a login button. */
import { openLogin } from '../../lib/stores/dialogs.ts';
import { useT } from '../use-t.ts';
import './checkin.css';

/** The guest panel with `title` (and `body` when given). */
export function LoginPanel({ title, body }: { title: string; body?: string }) {
  const t = useT();
  return (
    <div className="ck-panel ck-guest" data-guest>
      <h2>{title}</h2>
      {body && <p className="ck-empty">{body}</p>}
      <button type="button" className="btn btn-primary" onClick={openLogin}>
        {t('engagement.checkin.login')}
      </button>
    </div>
  );
}
