/** The entries of one collection in both languages, newest change first, shipped files after. */
import { useStore } from '@nanostores/react';
import type { EntrySummary } from '../../lib/content/api.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $entry } from '../../lib/stores/newsroom.ts';
import { useT } from '../use-t.ts';

/** The status chip of an entry: shipped file, draft, published, scheduled or off the site. */
export function StatusChip({
  entry,
}: {
  entry: Pick<EntrySummary, 'status' | 'publish_at' | 'shipped'>;
}) {
  const t = useT();
  const scheduled =
    entry.status === 'published' &&
    entry.publish_at !== null &&
    Date.parse(entry.publish_at) > Date.now();
  const kind = scheduled ? 'scheduled' : (entry.status ?? (entry.shipped ? 'shipped' : 'draft'));
  return <span className={`nr-chip is-${kind}`}>{t(`newsroom.status.${kind}`)}</span>;
}

/** The list with a "new entry" button per language. */
export function EntryList({
  entries,
  onOpen,
  onNew,
}: {
  entries: EntrySummary[] | null;
  onOpen: (entry: EntrySummary) => void;
  onNew: (locale: 'zh-CN' | 'en-US') => void;
}) {
  const t = useT();
  const locale = useStore($locale);
  const open = useStore($entry);
  return (
    <section className="ad-card nr-list" aria-label={t('newsroom.title')}>
      <div className="nr-list-head">
        <p className="ad-muted">
          {entries ? t('newsroom.list.count', { count: entries.length }) : '…'}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => onNew(locale)}>
          {t('newsroom.actions.new')}
        </button>
      </div>
      {entries?.length === 0 && <p className="ad-muted">{t('newsroom.list.empty')}</p>}
      <ul>
        {entries?.map((e) => {
          const current = open?.slug === e.slug && open.locale === e.locale;
          return (
            <li key={`${e.locale}/${e.slug}`}>
              <button
                type="button"
                className={current ? 'nr-row is-open' : 'nr-row'}
                aria-current={current ? 'true' : undefined}
                onClick={() => onOpen(e)}
              >
                <span className="nr-row-title">{e.title}</span>
                <span className="nr-row-meta">
                  <span className="nr-lang">{t(`newsroom.locales.${e.locale}`)}</span>
                  <span className="ad-mono">#{e.slug}</span>
                  <StatusChip entry={e} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
