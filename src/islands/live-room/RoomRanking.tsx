/**
 * The room's contribution ranking beside the chat: who gave the most here today or this month
 * (GET /api/live/rankings). It reloads a few seconds after gifts arrive, once the call's short
 * public cache has passed.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import type { RankingPeriod } from '../../lib/rankings/periods.ts';
import type { RankingList } from '../../lib/rankings/types.ts';
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import { onRoomFrame } from '../../lib/stores/live-room.ts';
import { loadRoomRanking } from '../../lib/stores/rankings.ts';
import { useT } from '../use-t.ts';

/** Wait after the last gift before reloading (the call may be cached for 5 s). */
const RELOAD_AFTER_GIFT_MS = 6_000;

/** The ranking card of /liveMatchesTwo/{anchorId}. */
export function RoomRanking({ anchorId }: { anchorId: number }) {
  const t = useT();
  const [period, setPeriod] = useState<RankingPeriod>('day');
  const [list, setList] = useState<RankingList | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    loadRoomRanking(anchorId, period)
      .then((data) => live && setList(data))
      .catch(() => live && setList(null));
    return () => {
      live = false;
    };
  }, [anchorId, period, version]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onRoomFrame((frame) => {
      if (frame.type !== SERVER_FRAME.gift) return;
      clearTimeout(timer);
      timer = setTimeout(() => setVersion((v) => v + 1), RELOAD_AFTER_GIFT_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);

  return (
    <section className="room-ranking" aria-labelledby="room-ranking-title" data-room-ranking>
      <header>
        <h2 id="room-ranking-title">{t('ranking.users')}</h2>
        <div className="rr-tabs" role="group" aria-label={t('ranking.periods')}>
          {(['day', 'month'] as const).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={period === p}
              className={period === p ? 'is-on' : ''}
              onClick={() => setPeriod(p)}
            >
              {t(`ranking.${p}`)}
            </button>
          ))}
        </div>
      </header>
      {list && list.list.length > 0 ? (
        <ol className="rr-list">
          {list.list.map((e) => (
            <li key={e.user_id} className={`rr-row rank-${Math.min(e.rank, 4)}`}>
              <span className="rr-rank">{e.rank}</span>
              <img src={e.avatar} alt="" width="28" height="28" loading="lazy" />
              <span className="rr-name">{e.nick_name}</span>
              {e.vip_level > 0 ? (
                <span className={`chat-vip vip-${e.vip_level}`}>V{e.vip_level}</span>
              ) : null}
              <span className="rr-amount" data-amount={e.amount}>
                {formatMoney(e.amount).replace(/\.00$/, '')}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rr-empty">{t('ranking.emptyUsers')}</p>
      )}
    </section>
  );
}
