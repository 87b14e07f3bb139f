/**
 * The anchor's incoming stream health: resolution, frame rate, bitrate, keyframe interval,
 * lag and drops, with a plain warning for each setting or condition that hurts viewers. Shown
 * in the anchor centre and in the anchor's own live room; the store polls while it is shown.
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { $streamHealth } from '../../lib/stores/stream-health.ts';
import type { HealthWarning, StreamFigures, StreamHealth } from '../../lib/studio/stream-health.ts';
import { useT } from '../use-t.ts';
import './stream-health.css';

/** A bitrate in kb/s as people read it (Mb/s from 1,000 kb/s). */
export function bitrateText(t: TFunction, kbps: number): string {
  return kbps >= 1_000
    ? t('studio.health.mbps', { n: (kbps / 1_000).toFixed(1) })
    : t('studio.health.kbps', { n: Math.round(kbps) });
}

/** One warning's sentence. */
export function warningText(t: TFunction, w: HealthWarning): string {
  switch (w.code) {
    case 'keyframe':
      return t('studio.health.warnings.keyframe', { seconds: w.seconds, max: w.max });
    case 'bitrate':
      return t('studio.health.warnings.bitrate', {
        bitrate: bitrateText(t, w.kbps),
        min: bitrateText(t, w.min),
        height: w.height,
      });
    case 'frameRate':
      return t('studio.health.warnings.frameRate', { fps: w.fps, min: w.min });
    case 'lag':
      return t('studio.health.warnings.lag', { seconds: (w.ms / 1_000).toFixed(1) });
    case 'dropped':
      return t('studio.health.warnings.dropped', { count: w.frames });
    case 'stalled':
      return t('studio.health.warnings.stalled', { seconds: w.seconds });
  }
}

function figureRows(t: TFunction, f: StreamFigures): [string, string, string][] {
  const unknown = t('studio.health.unknown');
  const kbps = f.videoKbps ?? f.kbps;
  return [
    [
      'resolution',
      t('studio.health.resolution'),
      f.width && f.height ? `${f.width}×${f.height}` : unknown,
    ],
    ['fps', t('studio.health.frameRate'), f.fps ? t('studio.health.fps', { n: f.fps }) : unknown],
    ['bitrate', t('studio.health.bitrate'), kbps !== null ? bitrateText(t, kbps) : unknown],
    [
      'keyframe',
      t('studio.health.keyframe'),
      f.keyframeS !== null ? t('studio.health.seconds', { n: f.keyframeS.toFixed(1) }) : unknown,
    ],
    [
      'lag',
      t('studio.health.lag'),
      f.lagMs !== null ? t('studio.health.seconds', { n: (f.lagMs / 1_000).toFixed(1) }) : unknown,
    ],
    ['dropped', t('studio.health.dropped'), f.dropped !== null ? String(f.dropped) : unknown],
  ];
}

/** The panel's state line: what the badge says. */
function badge(t: TFunction, h: StreamHealth | null): { tone: string; text: string } {
  if (!h) return { tone: 'idle', text: t('common.loading') };
  if (h.receiving) {
    return h.warnings.length === 0
      ? { tone: 'ok', text: t('studio.health.good') }
      : { tone: 'warn', text: t('studio.health.issues', { count: h.warnings.length }) };
  }
  if (h.session_open) return { tone: 'idle', text: t('studio.health.waiting') };
  return { tone: 'idle', text: t('studio.health.offline') };
}

/**
 * The panel; `compact` lays it out for the live room's narrow stage, where it also stays hidden
 * while no live is open (the store keeps asking, slowly, to notice a start).
 */
export function StreamHealthPanel({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const state = useStore($streamHealth);
  const health = state.state === 'loading' ? null : state.health;
  const { tone, text } = badge(t, health);
  if (compact && !health?.session_open && !health?.receiving) return null;
  return (
    <section
      className={`sh${compact ? ' sh-compact' : ''}`}
      aria-labelledby="sh-title"
      data-stream-health
      data-receiving={health?.receiving ? '1' : '0'}
    >
      <header className="sh-head">
        <h2 id="sh-title">{t('studio.health.title')}</h2>
        <span className={`sh-badge sh-${tone}`} aria-live="polite">
          {text}
        </span>
      </header>
      {health?.receiving ? (
        <>
          <dl className="sh-figures">
            {figureRows(t, health.figures).map(([key, label, value]) => (
              <div key={key} data-figure={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {health.warnings.length > 0 ? (
            <ul className="sh-warnings">
              {health.warnings.map((w) => (
                <li key={w.code} data-warning={w.code}>
                  {warningText(t, w)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="sh-note">
          {health && !health.ingest && health.session_open
            ? t('studio.health.noIngest')
            : t('studio.health.hint')}
        </p>
      )}
      {state.state === 'failed' ? (
        <p className="sh-note sh-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
