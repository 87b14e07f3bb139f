/**
 * /user-center/focus: the anchors the viewer follows, live ones first, each with its room card,
 * category, heat and followers, a way into the room and unfollow (GET /api/anchor/followList,
 * POST /api/anchor/attentAnchor). Guests are asked to log in.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FollowedAnchor } from '../../lib/follows/api.ts';
import { loadFollowList, unfollow as unfollowAnchor } from '../../lib/stores/follow.ts';
import { formatCount } from '../../lib/format.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import './follows.css';

/** A followed anchor as the call lists it. */
type Followed = FollowedAnchor;

type State =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; list: Followed[] };

function Card({ anchor, onGone }: { anchor: Followed; onGone: (id: number) => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [busy, setBusy] = useState(false);
  const unfollow = async () => {
    setBusy(true);
    try {
      await unfollowAnchor(anchor.anchor_id);
      showToast(t('anchorPages.follows.unfollowed', { name: anchor.nick_name }), 'success');
      onGone(anchor.anchor_id);
    } catch (e) {
      showToast((e as Error).message, 'error');
      setBusy(false);
    }
  };
  const room = `/liveMatchesTwo/${anchor.anchor_id}`;
  return (
    <li className={`fw-card${anchor.is_live ? ' is-live' : ''}`} data-followed={anchor.anchor_id}>
      <a className="fw-cover" href={room} tabIndex={-1} aria-hidden="true">
        <img src={anchor.cover} alt="" loading="lazy" width="320" height="178" />
        <span className={`fw-state${anchor.is_live ? ' is-live' : ''}`}>
          {anchor.is_live ? t('anchorPages.follows.live') : t('anchorPages.follows.offline')}
        </span>
      </a>
      <div className="fw-body">
        <div className="fw-who">
          <img className="fw-avatar" src={anchor.avatar} alt="" width="40" height="40" />
          <div className="fw-names">
            <a className="fw-name" href={`/anchorInfo/${anchor.anchor_id}`}>
              {anchor.nick_name}
            </a>
            <span className="fw-meta">
              {t('anchorPages.follows.fans', { count: anchor.fans })} ·{' '}
              <svg
                className="fw-heat"
                width="12"
                height="12"
                viewBox="0 0 24 24"
                aria-hidden="true"
              >
                <path
                  fill="currentColor"
                  d="M12 2s1 3.5-1.5 6.5C8.7 10.7 7 12.4 7 15a5 5 0 0 0 10 0c0-2-.9-3.5-1.7-4.6.2 1.6-.5 2.6-1.3 2.6 0-3.5-2-7.5-2-11z"
                />
              </svg>{' '}
              {formatCount(anchor.heat, locale)}
            </span>
          </div>
        </div>
        <a className="fw-title" href={room}>
          {anchor.title}
        </a>
        <span className="fw-cat">{anchor.second_category ?? anchor.category}</span>
        <div className="fw-actions">
          <a className={`btn ${anchor.is_live ? 'btn-primary' : 'btn-ghost'}`} href={room}>
            {t('anchorPages.follows.watch')}
          </a>
          <button
            type="button"
            className="btn fw-unfollow"
            disabled={busy}
            onClick={() => void unfollow()}
            data-unfollow
          >
            {t('anchorPages.follows.unfollow')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** The island. */
export function Follows() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const [data, setData] = useState<State>({ state: 'loading' });
  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    loadFollowList()
      .then((list) => live && setData({ state: 'ready', list }))
      .catch((e: Error) => live && setData({ state: 'error', message: e.message }));
    return () => {
      live = false;
    };
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className="fw-panel" data-guest>
        <h2>{t('anchorPages.follows.guestTitle')}</h2>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('anchorPages.follows.login')}
        </button>
      </div>
    );
  }
  if (data.state === 'loading') return <p className="fw-note">{t('common.loading')}</p>;
  if (data.state === 'error')
    return (
      <p className="fw-note" role="alert">
        {data.message}
      </p>
    );
  if (data.list.length === 0) {
    return (
      <div className="fw-panel" data-empty>
        <p>{t('anchorPages.follows.empty')}</p>
        <a className="btn btn-primary" href="/liveMatches">
          {t('anchorPages.follows.browse')}
        </a>
      </div>
    );
  }
  return (
    <ul className="fw-grid" data-follows>
      {data.list.map((a) => (
        <Card
          key={a.anchor_id}
          anchor={a}
          onGone={(id) =>
            setData({ state: 'ready', list: data.list.filter((x) => x.anchor_id !== id) })
          }
        />
      ))}
    </ul>
  );
}
