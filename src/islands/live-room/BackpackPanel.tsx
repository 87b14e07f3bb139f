/**
 * The Backpack tab of the gift bar: gifts held (sent free with the same count picker, send and
 * combo as paid gifts, limited to what is held), then chat props and tickets with their counts
 * and how they are used. Guests are asked to log in; an empty backpack says so.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { backpackEntries, type BackpackEntry } from '../../lib/live/backpack.ts';
import { GIFT_SOURCE } from '../../lib/realtime/protocol/index.ts';
import { $backpack, $backpackState, loadBackpack } from '../../lib/stores/backpack.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $gifts } from '../../lib/stores/gifts.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { useT } from '../use-t.ts';
import { GiftSendRow } from './GiftSendRow.tsx';
import { GiftTile } from './GiftTile.tsx';
import { PropIcon } from './PropIcon.tsx';

/** The drawn badge of a prop or ticket, in the size of a gift icon. */
function ItemArt({ entry }: { entry: BackpackEntry }) {
  if (entry.kind === 'colorful') {
    return (
      <span className="bp-art" style={{ background: entry.color }} aria-hidden="true">
        A
      </span>
    );
  }
  return (
    <span className={`bp-art bp-art-${entry.kind}`} aria-hidden="true">
      <PropIcon name={entry.kind === 'ticket' ? 'ticket' : 'megaphone'} size={24} />
    </span>
  );
}

/** A backpack, drawn for the empty state. */
function EmptyArt() {
  return (
    <svg className="bp-empty-art" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true">
      <path
        d="M20 14v-2a8 8 0 0 1 16 0v2h2a8 8 0 0 1 8 8v20a6 6 0 0 1-6 6H16a6 6 0 0 1-6-6V22a8 8 0 0 1 8-8zm4 0h8v-2a4 4 0 0 0-8 0zM18 30v6h20v-6z"
        fillRule="evenodd"
      />
    </svg>
  );
}

/** The tab's body and send row. */
export function BackpackPanel() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const backpack = useStore($backpack);
  const state = useStore($backpackState);
  const gifts = useStore($gifts);
  const [picked, setPicked] = useState<string | null>(null);
  const entries = useMemo(() => backpackEntries(backpack, gifts), [backpack, gifts]);

  useEffect(() => {
    if (loggedIn) void loadBackpack().catch(() => {});
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className="bp-state" data-backpack-state="guest">
        <EmptyArt />
        <p>{t('gifts.backpack.login')}</p>
        <button type="button" className="bp-action" data-backpack-login onClick={openLogin}>
          {t('gifts.backpack.loginAction')}
        </button>
      </div>
    );
  }
  if (!backpack) {
    return state === 'error' ? (
      <div className="bp-state" data-backpack-state="error">
        <p>{t('gifts.backpack.loadFailed')}</p>
        <button
          type="button"
          className="bp-action"
          onClick={() => void loadBackpack().catch(() => {})}
        >
          {t('gifts.backpack.retry')}
        </button>
      </div>
    ) : (
      <ul className="gift-grid" aria-busy="true" data-backpack-state="loading">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="bp-skeleton" />
        ))}
      </ul>
    );
  }
  if (entries.length === 0) {
    return (
      <div className="bp-state" data-backpack-state="empty">
        <EmptyArt />
        <p>
          <strong>{t('gifts.panel.backpackEmpty')}</strong> {t('gifts.backpack.emptyHint')}
        </p>
      </div>
    );
  }

  const entry = entries.find((e) => e.key === picked) ?? entries[0]!;
  const name = (e: BackpackEntry) =>
    e.kind === 'gift'
      ? e.gift.name
      : e.kind === 'colorful'
        ? t('gifts.backpack.colorful', { n: e.n })
        : t(`gifts.backpack.${e.kind}`);
  const hint = (e: BackpackEntry) =>
    e.kind === 'gift' ? t('gifts.backpack.giftHint') : t(`gifts.backpack.${e.kind}Hint`);
  const firstProp = entries.findIndex((e) => e.kind !== 'gift');

  return (
    <>
      <ul className="gift-grid" data-backpack-grid>
        {entries.map((e, i) => (
          <GiftTile
            key={e.key}
            art={e.kind === 'gift' ? e.gift.icon : <ItemArt entry={e} />}
            name={name(e)}
            held={t('gifts.backpack.held', { count: e.quantity })}
            selected={e.key === entry.key}
            onPick={() => setPicked(e.key)}
            title={hint(e)}
            data={{
              'data-backpack-item': e.key,
              ...(e.kind === 'gift' ? { 'data-backpack-gift': e.gift.id } : {}),
              ...(i === firstProp && i > 0 ? { 'data-group-start': '' } : {}),
            }}
          />
        ))}
      </ul>
      {entry.kind === 'gift' ? (
        <GiftSendRow
          gift={entry.gift}
          source={GIFT_SOURCE.backpack}
          info={
            <>
              <strong>{entry.gift.name}</strong>
              <span className="bp-left" data-backpack-left>
                {t('gifts.backpack.left', { count: entry.quantity })}
              </span>
              <span className="bp-free">{t('gifts.backpack.free')}</span>
            </>
          }
        />
      ) : (
        <p className="bp-hint" data-backpack-hint>
          <span className="bp-hint-label">{t('gifts.backpack.use')}</span>
          {hint(entry)}
        </p>
      )}
    </>
  );
}
