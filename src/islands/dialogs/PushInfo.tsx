/** The start-live dialog's push address and key, and its high-speed (WebRTC) push switch. */
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { resetStreamKey, type LiveFormState, type StudioSetup } from '../../lib/stores/studio.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { BroadcastSetup, type PushSource } from '../broadcast/BroadcastSetup.tsx';

/**
 * The push address and key, masked until shown, with copy buttons; the high-speed switch, and
 * with it on, how to broadcast (this browser's camera or screen, or a WHIP encoder).
 */
export function PushInfo({
  t,
  setup,
  form,
  set,
  source,
  onSource,
}: {
  t: TFunction;
  setup: StudioSetup;
  form: LiveFormState;
  set: (patch: Partial<LiveFormState>) => void;
  source: PushSource;
  onSource: (source: PushSource) => void;
}) {
  const [shown, setShown] = useState(false);
  const copy = (text: string) => {
    navigator.clipboard
      .writeText(text)
      .then(() => showToast(t('studio.dialog.copied'), 'success'))
      .catch(() => showToast(t('liveRoom.copyFailed'), 'error'));
  };
  const mask = (text: string) => (shown ? text : '•'.repeat(Math.min(24, text.length)));
  const webrtc = setup.stream.web_rtc_push_url !== '';
  return (
    <div className="ls-push">
      <div className="ls-push-row">
        <span className="ls-push-label">{t('studio.dialog.pushUrl')}</span>
        <code data-push-url>{mask(setup.stream.push_url)}</code>
        <button type="button" className="ls-mini" onClick={() => copy(setup.stream.push_url)}>
          {t('studio.dialog.copy')}
        </button>
      </div>
      <div className="ls-push-row">
        <span className="ls-push-label">{t('studio.dialog.pushKey')}</span>
        <code data-push-key>{mask(setup.stream.stream)}</code>
        <button type="button" className="ls-mini" onClick={() => copy(setup.stream.stream)}>
          {t('studio.dialog.copy')}
        </button>
      </div>
      <div className="ls-push-tools">
        <button type="button" className="ls-link" onClick={() => setShown((s) => !s)}>
          {t(shown ? 'studio.dialog.hide' : 'studio.dialog.show')}
        </button>
        <button
          type="button"
          className="ls-link"
          onClick={() => {
            resetStreamKey()
              .then(() => showToast(t('studio.dialog.resetDone'), 'success'))
              .catch((e: Error) => showToast(e.message, 'error'));
          }}
        >
          {t('studio.dialog.resetKey')}
        </button>
      </div>
      <p className="ls-hint">{t('studio.dialog.obsHint')}</p>
      <label className={webrtc ? 'ls-switch' : 'ls-switch is-off'}>
        <input
          type="checkbox"
          role="switch"
          name="enable_webrtc"
          disabled={!webrtc}
          checked={form.enable_webrtc === 1}
          onChange={(e) => set({ enable_webrtc: e.target.checked ? 1 : 0 })}
        />
        <span>{t('studio.dialog.webrtc')}</span>
        {!webrtc && <small>{t('studio.dialog.webrtcOff')}</small>}
      </label>
      {webrtc && form.enable_webrtc === 1 && (
        <BroadcastSetup
          source={source}
          onSource={onSource}
          whipUrl={setup.stream.web_rtc_push_url}
        />
      )}
    </div>
  );
}
