/**
 * /user-center/watchHistory: rooms and replays the user opened, newest first, one card per room
 * with its live state now, more on demand, and a clear-all.
 */
import { useStore } from '@nanostores/react';
import { $locale } from '../../lib/stores/locale.ts';
import { clearHistory, loadWatchHistory, type WatchEntry } from '../../lib/stores/profile.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { LoginPanel } from '../checkin/LoginPanel.tsx';
import { useLoadMore } from '../use-load-more.ts';
import { useT } from '../use-t.ts';
import '../checkin/checkin.css';
import './profile.css';

const PAGE_SIZE = 12;

function href(entry: WatchEntry): string {
  return entry.kind === 2 && entry.replay_id !== null && !entry.is_live
    ? `/anchorReplay/${entry.anchor_id}?replay=${entry.replay_id}`
    : `/liveMatchesTwo/${entry.anchor_id}`;
}

/** The page island. */
export function WatchHistory() {
  const t = useT();
  const locale = useStore($locale);
  const loggedIn = useStore($loggedIn);
  const {
    rows,
    total,
    state,
    hasMore,
    more,
    clear: emptied,
  } = useLoadMore(async (page) => {
    const data = await loadWatchHistory(page, PAGE_SIZE);
    return { rows: data.list, total: data.total };
  }, loggedIn);
  if (!loggedIn) return <LoginPanel title={t('engagement.history.loginTitle')} />;
  const clear = async () => {
    if (!confirm(t('engagement.history.confirmClear'))) return;
    try {
      await clearHistory();
      emptied();
      showToast(t('engagement.history.cleared'), 'success');
    } catch (err) {
      showToast((err as Error).message, 'error');
    }
  };
  return (
    <div className="wh-page" data-watch-history data-total={total}>
      <div className="wh-bar">
        <span className="pf-muted">
          {state.kind === 'ready' ? t('engagement.history.count', { n: total }) : ''}
        </span>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={total === 0}
          onClick={() => void clear()}
        >
          {t('engagement.history.clear')}
        </button>
      </div>
      {state.kind === 'error' && <p role="alert">{state.message}</p>}
      {state.kind === 'ready' && rows.length === 0 ? (
        <p className="ck-empty">{t('engagement.history.empty')}</p>
      ) : (
        <ul className="wh-grid">
          {rows.map((r) => (
            <li key={r.anchor_id} data-watch-anchor={r.anchor_id}>
              <a className="wh-card" href={href(r)}>
                <span className="wh-cover">
                  {r.cover && <img src={r.cover} alt="" loading="lazy" width={320} height={180} />}
                  <span className={r.is_live ? 'wh-state is-live' : 'wh-state'}>
                    {r.is_live
                      ? t('engagement.history.live')
                      : r.kind === 2
                        ? t('engagement.history.replay')
                        : t('engagement.history.offline')}
                  </span>
                </span>
                <span className="wh-body">
                  <strong className="wh-title">{r.title || r.nick_name}</strong>
                  <span className="wh-who">
                    <img src={r.avatar} alt="" width={22} height={22} />
                    {r.nick_name}
                  </span>
                  <span className="pf-muted">
                    {t('engagement.history.watched', {
                      when: new Date(r.visited_at * 1000).toLocaleString(locale, {
                        month: '2-digit',
                        day: '2-digit',
                        hour: '2-digit',
                        minute: '2-digit',
                      }),
                    })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <button type="button" className="btn btn-ghost ck-more" onClick={more}>
          {t('engagement.loadMore')}
        </button>
      )}
    </div>
  );
}
