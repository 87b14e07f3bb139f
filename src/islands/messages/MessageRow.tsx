/**
 * One item of a conversation: a message bubble (own on the right) with text shown as text and
 * images opening a preview, a dynamic card, a go-live card with a way into the room, a system
 * message or a centred note; and the item's menu where the caller may act on it.
 */
import { useState } from 'react';
import { useT } from '../use-t.ts';
import type { ChatItem } from '../../lib/messaging/items.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

/** One entry of a message's menu. */
export interface MenuEntry {
  label: string;
  run: () => Promise<void>;
  danger?: boolean;
}

/** The menus of items, where the caller may act on them. */
export interface ItemActions {
  menu: (item: ChatItem) => MenuEntry[];
}

function Menu({ item, entries }: { item: ChatItem; entries: MenuEntry[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="mc-menu">
      <button
        type="button"
        className="mc-menu-btn"
        aria-label={t('messaging.actions.menu')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-menu={item.key}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open ? (
        <ul className="mc-menu-list">
          {entries.map((e) => (
            <li key={e.label}>
              <button
                type="button"
                className={e.danger ? 'is-danger' : undefined}
                onClick={() => {
                  setOpen(false);
                  void e.run();
                }}
              >
                {e.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Picture({ src, alt }: { src: string; alt: string }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <>
      <button type="button" className="mc-img" onClick={() => setOpen(true)} aria-label={alt}>
        <img src={src} alt="" loading="lazy" />
      </button>
      {open ? (
        <div
          className="mc-preview"
          role="dialog"
          aria-modal="true"
          aria-label={alt}
          onClick={() => setOpen(false)}
        >
          <img src={src} alt={alt} />
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} autoFocus>
            {t('common.close')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The row. */
export function MessageRow({ item, actions }: { item: ChatItem; actions?: ItemActions }) {
  const t = useT();
  if (item.kind === 'note') {
    return (
      <li className="mc-row is-note" data-item={item.key}>
        <span className="mc-note">{item.text}</span>
      </li>
    );
  }
  if (item.kind === 'live') {
    return (
      <li className="mc-row is-card" data-item={item.key}>
        <a className="mc-live" href={`/liveMatchesTwo/${item.anchorId}`} data-live-card>
          <img src={item.avatar || DEFAULT_AVATAR} alt="" width="44" height="44" />
          <span>{item.text}</span>
          <b>{t('messaging.system.watch')}</b>
        </a>
      </li>
    );
  }
  if (item.kind === 'system') {
    return (
      <li className="mc-row is-card" data-item={item.key}>
        <div className="mc-system">
          <strong>{item.name}</strong>
          <p>{item.text}</p>
        </div>
      </li>
    );
  }
  const entries = actions?.menu(item) ?? [];
  const imageAlt = t('messaging.imagePreview');
  return (
    <li className={`mc-row${item.mine ? ' is-mine' : ''}`} data-item={item.key} data-uid={item.uid}>
      <img
        className="mc-avatar"
        src={item.avatar || DEFAULT_AVATAR}
        alt=""
        width="36"
        height="36"
      />
      <div className="mc-bubble-wrap">
        <span className="mc-name">{item.name}</span>
        <div className={`mc-bubble${item.kind === 'dynamic' ? ' is-dynamic' : ''}`}>
          {item.kind === 'dynamic' ? (
            <span className="mc-dyn-badge">{t('messaging.dynamic.badge')}</span>
          ) : null}
          {item.text ? <p>{item.text}</p> : null}
          {item.kind === 'dynamic' && item.images?.length ? (
            <div className="mc-dyn-images">
              {item.images.map((src) => (
                <Picture key={src} src={src} alt={imageAlt} />
              ))}
            </div>
          ) : item.img ? (
            <Picture src={item.img} alt={imageAlt} />
          ) : null}
        </div>
      </div>
      {entries.length ? <Menu item={item} entries={entries} /> : null}
    </li>
  );
}
