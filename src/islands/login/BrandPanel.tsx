/** The left panel of the login dialog at desktop widths: brand, a floodlit pitch, what members get. */
import { useT } from '../use-t.ts';
import { LoginIcon, type LoginIconName } from './icons.tsx';

const PERKS: { key: '0' | '1' | '2'; icon: LoginIconName }[] = [
  { key: '0', icon: 'play' },
  { key: '1', icon: 'chat' },
  { key: '2', icon: 'bell' },
];

/** A floodlit pitch at night with the ball on the centre spot (decorative). */
function Arena() {
  return (
    <svg className="lf-arena" viewBox="0 0 300 150" aria-hidden="true">
      <defs>
        <linearGradient id="lf-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity=".5" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="lf-pitch" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f6b4f" />
          <stop offset="1" stopColor="#0a3d38" />
        </linearGradient>
        <radialGradient id="lf-glow">
          <stop offset="0" stopColor="#ff3b5c" stopOpacity=".85" />
          <stop offset="1" stopColor="#ff3b5c" stopOpacity="0" />
        </radialGradient>
      </defs>
      <path d="M18 0h10l70 150H40z" fill="url(#lf-beam)" opacity=".28" />
      <path d="M272 0h10l-22 150h-58z" fill="url(#lf-beam)" opacity=".28" />
      <circle cx="23" cy="6" r="5" fill="#fff" />
      <circle cx="277" cy="6" r="5" fill="#fff" />
      <path d="M74 62h152l52 84H22z" fill="url(#lf-pitch)" />
      <g fill="none" stroke="#7dfcd6" strokeOpacity=".75" strokeWidth="1.4">
        <path d="M74 62h152l52 84H22z" />
        <path d="M150 62v84" />
        <ellipse cx="150" cy="101" rx="34" ry="13" />
        <path d="M62 82h28l-9 40H44zM238 82h-28l9 40h37z" />
      </g>
      <ellipse cx="150" cy="104" rx="46" ry="22" fill="url(#lf-glow)" />
      <g transform="translate(150 96)">
        <circle r="13" fill="#fff" />
        <path d="M0-5.5 5.2-1.7 3.2 4.4h-6.4l-2-6.1z" fill="#151a25" />
        <path
          d="M0-5.5V-13M5.2-1.7l7.3-2.4M3.2 4.4l4.5 6.2M-3.2 4.4l-4.5 6.2M-5.2-1.7l-7.3-2.4"
          stroke="#151a25"
          strokeWidth="1.3"
        />
      </g>
    </svg>
  );
}

/** The panel; hidden on narrow screens, where only the form shows. */
export function BrandPanel() {
  const t = useT();
  return (
    <aside className="lf-brand">
      <div className="lf-brand-top">
        <span className="lf-logo" aria-hidden="true">
          <LoginIcon name="play" size={18} />
        </span>
        <strong>{t('brand.name')}</strong>
        <span className="lf-live">
          <i /> LIVE
        </span>
      </div>
      <Arena />
      <h2>{t('account.ui.welcome')}</h2>
      <p>{t('account.ui.pitch')}</p>
      <ul>
        {PERKS.map(({ key, icon }) => (
          <li key={key}>
            <span aria-hidden="true">
              <LoginIcon name={icon} size={16} />
            </span>
            {t(`account.ui.perks.${key}`)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
