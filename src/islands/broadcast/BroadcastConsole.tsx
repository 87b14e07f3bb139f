/**
 * Broadcasting from the browser in the anchor's own room: the preview of what is sent, camera or
 * screen, device pickers, microphone and picture switches, start and stop, and the health the
 * connection reports (resolution, frame rate, bitrate, packet loss, round trip). Arriving from
 * the start-live dialog with the camera chosen, it goes live by itself; a screen needs the
 * anchor's click here (browsers ask for a screen only on one).
 */
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import type { BroadcastHealth, BroadcastWarning } from '../../lib/broadcast/health.ts';
import { takeIntent, type BroadcastSource } from '../../lib/broadcast/media.ts';
import type { WhipTarget } from '../../lib/broadcast/whip.ts';
import {
  $broadcast,
  goLive,
  loadWhipTarget,
  openPreview,
  stopBroadcast,
  toggleCamera,
  toggleMic,
  useSource,
} from '../../lib/stores/broadcast.ts';
import { bitrateText } from '../stream-health/StreamHealthPanel.tsx';
import { useT } from '../use-t.ts';
import { DevicePickers } from './DevicePickers.tsx';
import { Preview } from './Preview.tsx';
import '../stream-health/stream-health.css';
import './broadcast.css';

function warningText(t: TFunction, w: BroadcastWarning): string {
  switch (w.code) {
    case 'loss':
      return t('broadcast.health.warnings.loss', { percent: w.percent });
    case 'frameRate':
      return t('broadcast.health.warnings.frameRate', { fps: w.fps });
    default:
      return t(`broadcast.health.warnings.${w.code}`);
  }
}

function figures(t: TFunction, h: BroadcastHealth): [string, string, string][] {
  const unknown = t('studio.health.unknown');
  return [
    [
      'resolution',
      t('broadcast.health.resolution'),
      h.width && h.height ? `${h.width}×${h.height}` : unknown,
    ],
    [
      'fps',
      t('broadcast.health.frameRate'),
      h.fps ? t('studio.health.fps', { n: h.fps }) : unknown,
    ],
    [
      'bitrate',
      t('broadcast.health.bitrate'),
      h.videoKbps !== null ? bitrateText(t, h.videoKbps + (h.audioKbps ?? 0)) : unknown,
    ],
    [
      'loss',
      t('broadcast.health.loss'),
      h.loss !== null ? t('broadcast.health.percent', { n: (h.loss * 100).toFixed(1) }) : unknown,
    ],
    [
      'rtt',
      t('broadcast.health.rtt'),
      h.rttMs !== null ? t('broadcast.health.ms', { n: h.rttMs }) : unknown,
    ],
  ];
}

/** The console; shown only to the room's anchor (see RoomStreamHealth). */
export function BroadcastConsole({ anchorId }: { anchorId: number }) {
  const t = useT();
  const state = useStore($broadcast);
  const [target, setTarget] = useState<WhipTarget | null>(null);
  const [open, setOpen] = useState(false);
  const [pendingScreen, setPendingScreen] = useState(false);

  useEffect(() => {
    const intent = takeIntent(anchorId);
    void loadWhipTarget()
      .then(async (found) => {
        setTarget(found);
        if (!found || !intent) return;
        setOpen(true);
        if (intent.source === 'screen') {
          setPendingScreen(true);
          return;
        }
        if (await openPreview('camera', intent)) await goLive(found);
      })
      .catch(() => setTarget(null));
    // Leaving the page ends the broadcast at once instead of after the ingest's timeout.
    const leave = () => void stopBroadcast(true);
    addEventListener('pagehide', leave);
    return () => removeEventListener('pagehide', leave);
  }, [anchorId]);

  if (!target) return null;
  const sending =
    state.phase === 'connecting' || state.phase === 'live' || state.phase === 'reconnecting';
  const start = async (source: BroadcastSource) => {
    setPendingScreen(false);
    if (state.stream && state.source === source) return goLive(target);
    if (await openPreview(source)) await goLive(target);
  };

  if (!open) {
    return (
      <div className="bc-open">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setOpen(true);
            void openPreview('camera');
          }}
          data-broadcast-open
        >
          {t('broadcast.open')}
        </button>
      </div>
    );
  }
  return (
    <section className="bc" aria-labelledby="bc-title" data-broadcast data-phase={state.phase}>
      <header className="bc-head">
        <h2 id="bc-title">{t('broadcast.title')}</h2>
        <span className={`bc-phase bc-phase-${state.phase}`} role="status" aria-live="polite">
          {state.phase === 'live' && <i aria-hidden="true" />}
          {t(`broadcast.phase.${state.phase}`)}
        </span>
      </header>
      <div className="bc-body">
        <Preview
          stream={state.stream}
          mirrored={state.source === 'camera'}
          label={t('broadcast.preview')}
        />
        <div className="bc-side">
          {state.stream && <DevicePickers />}
          <div className="bc-tools">
            {state.stream && (
              <>
                <button
                  type="button"
                  className="bc-tool"
                  aria-pressed={state.micMuted}
                  onClick={toggleMic}
                  data-broadcast-mic
                >
                  {t(state.micMuted ? 'broadcast.unmute' : 'broadcast.mute')}
                </button>
                <button
                  type="button"
                  className="bc-tool"
                  aria-pressed={state.cameraOff}
                  onClick={toggleCamera}
                >
                  {t(state.cameraOff ? 'broadcast.cameraOn' : 'broadcast.cameraOff')}
                </button>
                <button
                  type="button"
                  className="bc-tool"
                  onClick={() => void useSource(state.source === 'screen' ? 'camera' : 'screen')}
                >
                  {t(state.source === 'screen' ? 'broadcast.useCamera' : 'broadcast.shareScreen')}
                </button>
              </>
            )}
          </div>
          <div className="bc-actions">
            {sending ? (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void stopBroadcast()}
                data-broadcast-stop
              >
                {t('broadcast.stop')}
              </button>
            ) : (
              <>
                {pendingScreen || (!state.stream && state.source === 'screen') ? (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => void start('screen')}
                    data-broadcast-start
                  >
                    {t('broadcast.shareScreen')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => void start(state.stream ? state.source : 'camera')}
                    data-broadcast-start
                  >
                    {t('broadcast.start')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => {
                    void stopBroadcast(true);
                    setOpen(false);
                  }}
                >
                  {t('broadcast.close')}
                </button>
              </>
            )}
          </div>
          {state.problem && (
            <p className="bc-problem" role="alert">
              {t(`broadcast.problems.${state.problem}`)}
            </p>
          )}
        </div>
      </div>
      {state.phase === 'live' && state.health && (
        <>
          <dl className="sh-figures bc-figures" data-broadcast-health>
            {figures(t, state.health).map(([key, label, value]) => (
              <div key={key} data-figure={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {state.health.warnings.length > 0 && (
            <ul className="sh-warnings">
              {state.health.warnings.map((w) => (
                <li key={w.code} data-warning={w.code}>
                  {warningText(t, w)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
