/**
 * The start-live dialog's choice of how to broadcast once high-speed push is on: this browser's
 * camera (with a preview and device pickers, so the anchor sees what viewers will), a shared
 * screen (picked in the room: browsers ask for it on a click there), or a WHIP encoder.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $broadcast, openPreview, stopBroadcast } from '../../lib/stores/broadcast.ts';
import { useT } from '../use-t.ts';
import { DevicePickers } from './DevicePickers.tsx';
import { Preview } from './Preview.tsx';
import './broadcast.css';

/** How the anchor broadcasts with high-speed push on. */
export type PushSource = 'camera' | 'screen' | 'encoder';

/** The choice, remembered on this device for the next live. */
export const SOURCE_KEY = 'broadcast:source';

/** The remembered choice (camera when none). */
export function rememberedSource(): PushSource {
  try {
    const value = localStorage.getItem(SOURCE_KEY);
    if (value === 'camera' || value === 'screen' || value === 'encoder') return value;
  } catch {
    // Storage can be blocked: the camera it is.
  }
  return 'camera';
}

/** The source radios, and the camera's preview while it is chosen. */
export function BroadcastSetup({
  source,
  onSource,
  whipUrl,
}: {
  source: PushSource;
  onSource: (source: PushSource) => void;
  whipUrl: string;
}) {
  const t = useT();
  const state = useStore($broadcast);
  useEffect(() => {
    if (source === 'camera') void openPreview('camera');
    else void stopBroadcast(true);
  }, [source]);
  // The dialog closing (or the page leaving for the room) turns the camera off here.
  useEffect(() => () => void stopBroadcast(true), []);
  const choose = (next: PushSource) => {
    try {
      localStorage.setItem(SOURCE_KEY, next);
    } catch {
      // Not remembered; chosen all the same.
    }
    onSource(next);
  };
  return (
    <fieldset className="bc-setup" data-broadcast-setup>
      <legend>{t('broadcast.source')}</legend>
      <div className="bc-sources">
        {(['camera', 'screen', 'encoder'] as const).map((s) => (
          <label key={s} className={source === s ? 'bc-source is-on' : 'bc-source'}>
            <input
              type="radio"
              name="push_source"
              value={s}
              checked={source === s}
              onChange={() => choose(s)}
            />
            <span>{t(`broadcast.${s}`)}</span>
          </label>
        ))}
      </div>
      {source === 'camera' && (
        <div className="bc-setup-camera">
          <Preview stream={state.stream} mirrored label={t('broadcast.preview')} />
          <div className="bc-setup-side">
            <p className="bc-hint">{t('broadcast.cameraHint')}</p>
            <DevicePickers />
            {state.problem && (
              <>
                <p className="bc-problem" role="alert">
                  {t(`broadcast.problems.${state.problem}`)}
                </p>
                <button
                  type="button"
                  className="btn btn-ghost bc-allow"
                  onClick={() => void openPreview('camera')}
                >
                  {t('broadcast.allow')}
                </button>
              </>
            )}
          </div>
        </div>
      )}
      {source === 'screen' && <p className="bc-hint">{t('broadcast.screenHint')}</p>}
      {source === 'encoder' && (
        <div className="bc-encoder">
          <p className="bc-hint">{t('broadcast.encoderHint')}</p>
          <span className="bc-label">{t('broadcast.whipUrl')}</span>
          <code data-whip-url>{whipUrl.replace(/\?.*$/, '')}</code>
        </div>
      )}
    </fieldset>
  );
}
