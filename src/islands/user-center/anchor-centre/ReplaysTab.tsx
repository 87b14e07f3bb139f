/** The "My replays" tab: the anchor's recorded lives with watch, hide or show, and delete. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDuration } from '../../../lib/duration.ts';
import {
  $myReplays,
  $myReplaysBusy,
  deleteMyReplay,
  loadMyReplays,
  setMyReplayHidden,
  type MyReplay,
} from '../../../lib/stores/my-replays.ts';
import { $userId } from '../../../lib/stores/session.ts';
import { useT } from '../../use-t.ts';
import { fullWhen } from './format.ts';
import { Failed } from './parts.tsx';
import './replays-tab.css';

/** One replay row with its buttons. */
function Row({ replay, anchorId }: { replay: MyReplay; anchorId: string }) {
  const t = useT();
  const busy = useStore($myReplaysBusy).includes(replay.id);
  const hidden = replay.hidden === 1;
  const remove = () => {
    if (confirm(t('recordings.mine.confirmDelete', { title: replay.title }))) {
      void deleteMyReplay(replay.id);
    }
  };
  return (
    <li className={hidden ? 'mr-row is-hidden' : 'mr-row'} data-replay={replay.id}>
      <img className="mr-thumb" src={replay.cover} alt="" width={160} height={90} loading="lazy" />
      <div className="mr-text">
        <strong className="mr-title">
          {replay.title}
          {hidden && <span className="mr-badge">{t('recordings.mine.hiddenBadge')}</span>}
        </strong>
        <small>
          {t('recordings.mine.recorded', { when: fullWhen(replay.recorded_at) })} ·{' '}
          {formatDuration(replay.duration)} · {t('recordings.mine.views', { count: replay.views })}
        </small>
      </div>
      <div className="mr-actions">
        {!hidden && (
          <a className="btn btn-ghost" href={`/anchorReplay/${anchorId}?replay=${replay.id}`}>
            {t('recordings.mine.watch')}
          </a>
        )}
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => void setMyReplayHidden(replay.id, !hidden)}
        >
          {t(hidden ? 'recordings.mine.show' : 'recordings.mine.hide')}
        </button>
        <button type="button" className="btn btn-ghost mr-delete" disabled={busy} onClick={remove}>
          {t('recordings.mine.delete')}
        </button>
      </div>
    </li>
  );
}

/** The tab. */
export function ReplaysTab() {
  const t = useT();
  const { data, status } = useStore($myReplays);
  const anchorId = useStore($userId) ?? '';
  useEffect(() => void loadMyReplays(1), []);
  return (
    <div className="ac-tab">
      <p className="mr-intro">{t('recordings.mine.intro')}</p>
      {status.state === 'error' && (
        <Failed message={status.message} retry={() => loadMyReplays(data?.page ?? 1)} />
      )}
      {!data ? (
        status.state !== 'error' && <p className="ac-wait">{t('common.loading')}</p>
      ) : data.list.length === 0 ? (
        <p className="ac-empty">{t('recordings.mine.empty')}</p>
      ) : (
        <section className="ac-card" aria-label={t('recordings.mine.tab')}>
          <ul className={status.state === 'loading' ? 'mr-list is-loading' : 'mr-list'}>
            {data.list.map((replay) => (
              <Row key={replay.id} replay={replay} anchorId={anchorId} />
            ))}
          </ul>
          {data.pages > 1 && (
            <nav className="mr-pager" aria-label={t('recordings.mine.tab')}>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={data.page <= 1}
                onClick={() => void loadMyReplays(data.page - 1)}
              >
                {t('recordings.mine.previous')}
              </button>
              <span>{t('recordings.mine.pageOf', { page: data.page, pages: data.pages })}</span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={data.page >= data.pages}
                onClick={() => void loadMyReplays(data.page + 1)}
              >
                {t('recordings.mine.next')}
              </button>
            </nav>
          )}
        </section>
      )}
    </div>
  );
}
