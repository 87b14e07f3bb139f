/** The slide captcha overlay: 480x202 picture, the piece moved by a slider, verify on release. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { CAPTCHA } from '../../lib/captcha.ts';
import {
  $captcha,
  closeCaptcha,
  refreshCaptcha,
  releaseCaptcha,
} from '../../lib/stores/account.ts';
import { useT } from '../use-t.ts';

const HANDLE = 44;
const sx = CAPTCHA.viewWidth / CAPTCHA.naturalWidth;
const sy = CAPTCHA.viewHeight / CAPTCHA.naturalHeight;

/** The overlay, shown while $captcha is open. */
export function SlideCaptcha() {
  const t = useT();
  const state = useStore($captcha);
  const [left, setLeft] = useState(0);
  const drag = useRef<{ start: number; pointer: number } | null>(null);
  const max = CAPTCHA.viewWidth - CAPTCHA.pieceWidth * sx;
  // On narrow screens the 480 px box is scaled down as a whole; drags are measured back in box px.
  const scale = typeof window === 'undefined' ? 1 : Math.min(1, (window.innerWidth - 24) / 516);

  useEffect(() => setLeft(0), [state?.challenge?.id]);
  if (!state) return null;
  const { challenge, status } = state;

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (status !== 'ready') return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { start: left, pointer: e.clientX };
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    setLeft(
      Math.min(max, Math.max(0, drag.current.start + (e.clientX - drag.current.pointer) / scale)),
    );
  };
  const up = () => {
    if (!drag.current) return;
    drag.current = null;
    void releaseCaptcha(left);
  };

  return (
    <div
      className="captcha-backdrop"
      role="dialog"
      aria-modal="true"
      aria-label={t('account.ui.captchaTitle')}
    >
      <div className="captcha" data-status={status} style={{ transform: `scale(${scale})` }}>
        <div className="captcha-head">
          <strong>{t('account.ui.captchaTitle')}</strong>
          <div>
            <button
              type="button"
              onClick={refreshCaptcha}
              aria-label={t('account.ui.refresh')}
              title={t('account.ui.refresh')}
            >
              ↻
            </button>
            <button type="button" onClick={closeCaptcha} aria-label={t('common.close')}>
              ×
            </button>
          </div>
        </div>
        <div
          className="captcha-picture"
          style={{ width: CAPTCHA.viewWidth, height: CAPTCHA.viewHeight }}
        >
          {challenge && (
            <>
              <img src={challenge.image} alt="" draggable={false} onError={() => undefined} />
              <img
                className="captcha-piece"
                src={challenge.slide}
                alt=""
                draggable={false}
                style={{
                  left,
                  top: challenge.y * sy,
                  width: CAPTCHA.pieceWidth * sx,
                  height: CAPTCHA.pieceHeight * sy,
                }}
              />
            </>
          )}
          {status === 'success' && <p className="captcha-flash ok">{t('account.ui.captchaOk')}</p>}
          {status === 'fail' && <p className="captcha-flash bad">{t('account.ui.captchaFail')}</p>}
        </div>
        <div className="captcha-track">
          <span className="captcha-fill" style={{ width: left + HANDLE / 2 }} />
          <span className="captcha-hint">{t('account.ui.captchaHint')}</span>
          <button
            type="button"
            className="captcha-handle"
            aria-label={t('account.ui.captchaHint')}
            style={{ left }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
          >
            ➜
          </button>
        </div>
      </div>
    </div>
  );
}
