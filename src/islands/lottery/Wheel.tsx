/**
 * The prize wheel: one slice per prize, drawn as SVG, with the pointer at the top. It turns to
 * the prize the server drew (several turns, easing out) and calls onStop when it rests; with
 * reduced motion it jumps there at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { LotteryPrizeView } from '../../lib/rewards/api.ts';
import { rewardAmount } from '../../lib/rewards/types.ts';

/** Full turns before the wheel lands. */
const TURNS = 5;
/** Longest a turn may take before onStop is called anyway (tab hidden, no transitionend). */
const STOP_FALLBACK_MS = 6000;

function slicePath(i: number, n: number, r: number): string {
  const a0 = (2 * Math.PI * i) / n - Math.PI / 2;
  const a1 = (2 * Math.PI * (i + 1)) / n - Math.PI / 2;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p = (a: number) => `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
  return `M0 0L${p(a0)}A${r} ${r} 0 ${large} 1 ${p(a1)}Z`;
}

/** The rotation (degrees, growing) that brings slice `index` of `n` under the pointer. */
export function landingAngle(current: number, index: number, n: number, jitter = 0): number {
  const slice = 360 / n;
  const centre = (index + 0.5) * slice + jitter * slice * 0.35;
  const rest = (((360 - centre - current) % 360) + 360) % 360;
  return current + TURNS * 360 + rest;
}

/** Props of Wheel. */
export interface WheelProps {
  prizes: readonly LotteryPrizeView[];
  /** The prize to land on, while a draw is shown; null when resting. */
  target: number | null;
  onStop: () => void;
  label: string;
}

/** The wheel. */
export function Wheel({ prizes, target, onStop, label }: WheelProps) {
  const [angle, setAngle] = useState(0);
  const disc = useRef<SVGGElement>(null);
  const stopped = useRef(onStop);
  stopped.current = onStop;
  useEffect(() => {
    if (target === null) return;
    const index = prizes.findIndex((p) => p.id === target);
    if (index < 0) return;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    setAngle((current) => landingAngle(current, index, prizes.length, Math.random() * 2 - 1));
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      stopped.current();
    };
    if (reduced) {
      const id = setTimeout(finish, 0);
      return () => clearTimeout(id);
    }
    const node = disc.current;
    node?.addEventListener('transitionend', finish, { once: true });
    const id = setTimeout(finish, STOP_FALLBACK_MS);
    return () => {
      clearTimeout(id);
      node?.removeEventListener('transitionend', finish);
    };
  }, [target, prizes]);
  const n = prizes.length;
  const r = 150;
  return (
    <div
      className="lt-wheel"
      role="img"
      aria-label={label}
      data-wheel-angle={Math.round(angle % 360)}
    >
      <svg viewBox="-170 -176 340 346" width="100%" height="100%">
        <defs>
          <radialGradient id="lt-rim" r="0.5">
            <stop offset="0.88" stopColor="#ffd54a" />
            <stop offset="1" stopColor="#b8860b" />
          </radialGradient>
        </defs>
        <circle r={r + 14} fill="url(#lt-rim)" />
        <circle r={r + 4} fill="#0b0e14" />
        <g
          ref={disc}
          className="lt-disc"
          style={{ transform: `rotate(${angle}deg)` }}
          data-spinning={target !== null ? '1' : '0'}
        >
          {prizes.map((prize, i) => {
            const mid = ((i + 0.5) * 360) / n;
            return (
              <g key={prize.id} data-prize={prize.id}>
                <path d={slicePath(i, n, r)} fill={prize.color} stroke="#0b0e14" strokeWidth="2" />
                <g transform={`rotate(${mid}) translate(0 ${-r * 0.64})`}>
                  <image href={prize.reward.icon} x="-19" y="-22" width="38" height="38" />
                  <text y="32" textAnchor="middle" className="lt-amount">
                    ×{rewardAmount(prize.reward)}
                  </text>
                </g>
              </g>
            );
          })}
          {Array.from({ length: n }, (_, i) => {
            const a = (2 * Math.PI * i) / n - Math.PI / 2;
            return (
              <circle
                key={i}
                cx={(r + 8) * Math.cos(a)}
                cy={(r + 8) * Math.sin(a)}
                r="3.5"
                fill="#fff8d6"
              />
            );
          })}
        </g>
        <circle r="34" fill="#151a25" stroke="#ffd54a" strokeWidth="5" />
        <path d="M0 -52 L14 -30 H-14Z" fill="#ffd54a" />
        <path
          d="M-14 -176 H14 L0 -140Z"
          fill="#fff"
          stroke="#0b0e14"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
