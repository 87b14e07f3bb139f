/**
 * /user-center/index: the user's card at full size, links to every user-centre section, and the
 * avatar, nickname and password forms.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $config } from '../../lib/stores/config.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $profile, loadProfile } from '../../lib/stores/profile.ts';
import { $isAnchor, $loggedIn } from '../../lib/stores/session.ts';
import { LoginPanel } from '../checkin/LoginPanel.tsx';
import { useT } from '../use-t.ts';
import { AvatarForm, NicknameForm } from './AccountForms.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import '../checkin/checkin.css';
import './profile.css';

/** Sections linked from the card: [section, whether it shows]. */
function sections(anchor: boolean, checkin: boolean, ticket: boolean): string[] {
  return [
    'myWallet',
    'recharge',
    'rechargeHistory',
    ...(ticket ? ['voucher'] : []),
    'focus',
    'mySchedule',
    'watchHistory',
    'betHistory',
    ...(checkin ? ['checkin'] : []),
    'privateChat',
    ...(anchor
      ? ['center-anchor', 'live-management', 'guessing-management', 'live-room-settings']
      : ['apply-anchor']),
  ];
}

/** The page island. */
export function ProfilePage() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const profile = useStore($profile);
  const anchor = useStore($isAnchor);
  const config = useStore($config);
  const locale = useStore($locale);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (loggedIn) loadProfile().catch((err: Error) => setError(err.message));
  }, [loggedIn]);
  if (!loggedIn) return <LoginPanel title={t('engagement.profile.title')} />;
  if (!profile) return <p role={error ? 'alert' : undefined}>{error ?? t('common.loading')}</p>;
  return (
    <div className="pf-page" data-profile>
      <ProfileCard profile={profile} />
      <nav className="pf-sections" aria-label={t('engagement.profile.sections')}>
        {sections(anchor, config?.checkin_switch === 1, config?.ticket_switch === 1).map((s) => (
          <a key={s} href={`/user-center/${s}`}>
            {t(`pages.uc.${s}`)}
          </a>
        ))}
      </nav>
      <div className="pf-grid">
        <AvatarForm profile={profile} />
        <NicknameForm key={profile.nick_free_at} profile={profile} locale={locale} />
      </div>
      <PasswordForm profile={profile} />
    </div>
  );
}
