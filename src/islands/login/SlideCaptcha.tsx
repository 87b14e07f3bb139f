/** The slide captcha overlay: 480x202 picture, the 50x59 piece moved by a slider, verify on release. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { CAPTCHA } from '../../lib/captcha.ts';
import { $captcha, closeCaptcha, refreshCaptcha, verifyCaptcha } from '../../lib/stores/account.ts';
import { useT } from '../use-t.ts';
import { LoginIcon } from './icons.tsx';
import './captcha.css';

const HANDLE = 44;
const sx = CAPTCHA.viewWidth / CAPTCHA.naturalWidth;
const sy = CAPTCHA.viewHeight / CAPTCHA.naturalHeight;
const PIECE = { width: CAPTCHA.pieceWidth * sx, height: CAPTCHA.pieceHeight * sy };
/** Furthest the piece can go (display px). */
const MAX = CAPTCHA.viewWidth - PIECE.width;
/** Width of the overlay box with its padding, for scaling it down on narrow screens. */
const BOX = CAPTCHA.viewWidth + 36;

function fitScale(): number {
  return typeof window === 'undefined' ? 1 : Math.min(1, (window.innerWidth - 24) / BOX);
}

/** The overlay, shown while $captcha is open. */
export function SlideCaptcha() {
  const t = useT();
  const state = useStore($captcha);
  const [left, setLeft] = useState(0);
  const [scale, setScale] = useState(fitScale);
  const drag = useRef<{ start: number; pointer: number } | null>(null);
  // The latest position, read on release: the release can come before React renders the last move.
  const position = useRef(0);
  const status = state?.status;

  // A new picture (after a failure or a refresh) puts the slider back at the start.
  useEffect(() => {
    if (status !== 'loading' && status !== 'ready') return;
    position.current = 0;
    setLeft(0);
  }, [status, state?.challenge?.id]);
  useEffect(() => {
    const onResize = () => setScale(fitScale());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (!state) return null;
  const { challenge } = state;
  const ready = status === 'ready';
  const moveTo = (x: number) => {
    position.current = Math.min(MAX, Math.max(0, x));
    setLeft(position.current);
  };

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!ready) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { start: position.current, pointer: e.clientX };
  };
  // Pointer moves are in screen px; the box may be scaled down, so they are measured back.
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) moveTo(drag.current.start + (e.clientX - drag.current.pointer) / scale);
  };
  const up = () => {
    if (!drag.current) return;
    drag.current = null;
    void verifyCaptcha(position.current);
  };
  const key = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!ready) return;
    const step = e.shiftKey ? 20 : 3;
    if (e.key === 'ArrowRight') moveTo(position.current + step);
    else if (e.key === 'ArrowLeft') moveTo(position.current - step);
    else if (e.key === 'Enter' || e.key === ' ') void verifyCaptcha(position.current);
    else return;
    e.preventDefault();
  };

  return (
    <div className="captcha-backdrop">
      <div
        className="captcha"
        data-status={status}
        role="dialog"
        aria-modal="true"
        aria-label={t('account.ui.captchaTitle')}
        style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}
      >
        <div className="captcha-head">
          <strong>{t('account.ui.captchaTitle')}</strong>
          <button
            type="button"
            onClick={refreshCaptcha}
            aria-label={t('account.ui.refresh')}
            title={t('account.ui.refresh')}
          >
            <LoginIcon name="refresh" size={18} />
          </button>
          <button type="button" onClick={closeCaptcha} aria-label={t('common.close')}>
            <LoginIcon name="close" size={18} />
          </button>
        </div>
        <div
          className="captcha-picture"
          style={{ width: CAPTCHA.viewWidth, height: CAPTCHA.viewHeight }}
          aria-busy={status === 'loading'}
        >
          {challenge && (
            <>
              <img src={challenge.image} alt="" draggable={false} onError={() => undefined} />
              <img
                className="captcha-piece"
                src={challenge.slide}
                alt=""
                draggable={false}
                onError={() => undefined}
                style={{ left, top: challenge.y * sy, ...PIECE }}
              />
            </>
          )}
          {status === 'success' && (
            <p className="captcha-flash ok" role="status">
              {t('account.ui.captchaOk')}
            </p>
          )}
          {status === 'fail' && (
            <p className="captcha-flash bad" role="status">
              {t('account.ui.captchaFail')}
            </p>
          )}
        </div>
        <div className="captcha-track">
          <span className="captcha-fill" style={{ width: Math.min(left, MAX) + HANDLE / 2 }} />
          <span className="captcha-hint" style={{ opacity: left > 8 ? 0 : 1 }}>
            {t('account.ui.captchaHint')}
          </span>
          <div
            className="captcha-handle"
            role="slider"
            tabIndex={0}
            aria-label={t('account.ui.captchaHint')}
            aria-valuemin={0}
            aria-valuemax={Math.round(MAX)}
            aria-valuenow={Math.round(left)}
            aria-disabled={!ready}
            style={{ left: Math.min(left, CAPTCHA.viewWidth - HANDLE) }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onKeyDown={key}
          >
            <LoginIcon
              name={status === 'success' ? 'check' : status === 'fail' ? 'close' : 'arrow'}
              size={20}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
