/**
 * /user-center/center-anchor: the anchor centre with its overview, income, data analysis and
 * "My replays" tabs. Members who are not anchors are sent to the application page.
 */
import { useEffect, useState } from 'react';
import { checkAnchorStatus } from '../../../lib/stores/anchor.ts';
import { useT } from '../../use-t.ts';
import { AnalysisTab } from './AnalysisTab.tsx';
import { IncomeTab } from './IncomeTab.tsx';
import { Overview } from './Overview.tsx';
import { Failed } from './parts.tsx';
import { ReplaysTab } from './ReplaysTab.tsx';
import './anchor-centre.css';

/** The tabs, in order. */
export const CENTRE_TABS = ['overview', 'income', 'analysis', 'replays'] as const;
/** One of CENTRE_TABS. */
export type CentreTab = (typeof CENTRE_TABS)[number];

/** The island; `tab` comes from the page's `?tab=`. */
export function AnchorCentre({ tab }: { tab: CentreTab }) {
  const t = useT();
  const [state, setState] = useState<'checking' | 'anchor' | { error: string }>('checking');
  const check = () =>
    checkAnchorStatus()
      .then((status) => {
        if (!status || status.is_anchor !== 1) location.assign('/user-center/apply-anchor');
        else setState('anchor');
      })
      .catch((e: Error) => setState({ error: e.message }));
  useEffect(() => void check(), []);

  return (
    <div className="ac">
      <nav className="pill-tabs ac-tabs" aria-label={t('studio.centre.title')}>
        {CENTRE_TABS.map((name) => (
          <a
            key={name}
            href={name === 'overview' ? '?' : `?tab=${name}`}
            aria-current={tab === name ? 'page' : undefined}
          >
            {name === 'replays' ? t('recordings.mine.tab') : t(`studio.centre.tabs.${name}`)}
          </a>
        ))}
        <span className="ac-tabs-gap" />
        <a className="ac-tabs-link" href="/user-center/live-management">
          {t('studio.centre.links.manage')}
        </a>
        <a className="ac-tabs-link" href="/user-center/live-room-settings">
          {t('studio.centre.links.comments')}
        </a>
      </nav>
      {typeof state === 'object' ? (
        <Failed message={state.error} retry={check} />
      ) : state === 'checking' ? (
        <p className="ac-wait">{t('common.loading')}</p>
      ) : tab === 'income' ? (
        <IncomeTab />
      ) : tab === 'analysis' ? (
        <AnalysisTab />
      ) : tab === 'replays' ? (
        <ReplaysTab />
      ) : (
        <Overview />
      )}
    </div>
  );
}
