/**
 * Pieces the quiz pages share: loading a paged list, the pager, the options bar, the status
 * pill, amounts of gems and the guest panel.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { formatMoney } from '../../lib/format.ts';
import type { QuizPage } from '../../lib/quiz/api.ts';
import { odds } from '../../lib/quiz/payout.ts';
import type { QuizView } from '../../lib/quiz/types.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { GemIcon } from '../user-center/wallet/parts.tsx';
import { useT } from '../use-t.ts';
import '../quiz/quiz-shared.css';
import './quiz-pages.css';

/** A list's state: loading, failed with a message, or a page of it. */
export type Paged<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; page: QuizPage<T> };

/** Loads page `page` with `load` whenever it or `key` change; `reload` loads it again. */
export function usePaged<T>(load: (page: number) => Promise<QuizPage<T>>, key = '') {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<T>>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    let live = true;
    loader
      .current(page)
      .then((p) => live && setData({ state: 'ready', page: p }))
      .catch((e: Error) => live && setData({ state: 'error', message: e.message }));
    return () => {
      live = false;
    };
  }, [key, page, version]);
  return { data, page, setPage, reload: () => setVersion((v) => v + 1) };
}

/** Previous / next with "page x of y"; nothing when everything fits on one page. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="qp-pager" aria-label={t('quiz.pager.page', { page, pages })}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('quiz.pager.prev')}
      </button>
      <span>{t('quiz.pager.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('quiz.pager.next')}
      </button>
    </nav>
  );
}

/** An amount of gems (minor units) with the gem icon. */
export function Gems({ amount }: { amount: number }) {
  return (
    <span className="qp-gems">
      <GemIcon size={14} />
      {formatMoney(amount)}
    </span>
  );
}

/** What a guest sees instead of a personal list: why to log in, and the button. */
export function GuestPanel({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="qp-panel" data-guest>
      <span className="qp-panel-icon" aria-hidden="true">
        <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor">
          <path d="M6 3h12v2h3v3a4 4 0 0 1-4 4h-.3A6 6 0 0 1 13 15.9V18h3v2H8v-2h3v-2.1A6 6 0 0 1 7.3 12H7a4 4 0 0 1-4-4V5h3zm0 4H5v1a2 2 0 0 0 1.2 1.8A6 6 0 0 1 6 9zm12 0v2l-.2.8A2 2 0 0 0 19 8V7z" />
        </svg>
      </span>
      <p>{text}</p>
      <button type="button" className="btn btn-primary" onClick={openLogin}>
        {t('quiz.login')}
      </button>
    </div>
  );
}

/** The status pill of a quiz ("Calculating…" while it settles). */
export function StatusPill({ quiz }: { quiz: QuizView }) {
  const t = useT();
  return (
    <span className={`qp-pill s${quiz.status}`} data-status={quiz.status}>
      {quiz.settling ? t('quiz.settling') : t(`quiz.status.${quiz.status}`)}
    </span>
  );
}

/** Both options with their pools and odds over a bar of their shares; the winner marked. */
export function OptionsBar({ quiz }: { quiz: QuizView }) {
  const t = useT();
  const total = quiz.pool_a + quiz.pool_b;
  const share = total > 0 ? Math.round((quiz.pool_a / total) * 100) : 50;
  const side = (o: 1 | 2) => {
    const value = odds(quiz.pool_a, quiz.pool_b, o, quiz.fee_bp);
    return (
      <div className={`qz-opt qz-opt-${o} qp-opt${quiz.winner === o ? ' is-winner' : ''}`}>
        <span className="qz-opt-name qp-opt-name">
          <b>{o === 1 ? 'A' : 'B'}</b>
          <span>{o === 1 ? quiz.option_a : quiz.option_b}</span>
          {quiz.winner === o ? <em className="qp-win">{t('quiz.list.won')}</em> : null}
        </span>
        <span className="qz-opt-odds">
          {value === null ? t('quiz.noOdds') : t('quiz.odds', { odds: value.toFixed(2) })}
        </span>
        <span className="qz-opt-pool">
          <Gems amount={o === 1 ? quiz.pool_a : quiz.pool_b} /> ·{' '}
          {t('quiz.bettors', { count: o === 1 ? quiz.bettors_a : quiz.bettors_b })}
        </span>
      </div>
    );
  };
  return (
    <div className="qp-options">
      <div className="qp-opts">
        {side(1)}
        {side(2)}
      </div>
      <div
        className="qp-bar"
        style={{ '--share': `${share}%` } as CSSProperties}
        aria-hidden="true"
      >
        <span />
      </div>
    </div>
  );
}

/** A date and time in the viewer's locale, short. */
export function when(ms: number, locale: string): string {
  return new Date(ms).toLocaleString(locale, {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The empty or failed state of a list, or a loading line. */
export function ListState({ data, empty }: { data: Paged<unknown>; empty: string }) {
  const t = useT();
  if (data.state === 'loading') return <p className="qp-note">{t('common.loading')}</p>;
  if (data.state === 'error')
    return (
      <p className="qp-note" role="alert">
        {data.message}
      </p>
    );
  if (data.page.list.length === 0) return <p className="qp-note qp-empty">{empty}</p>;
  return null;
}
