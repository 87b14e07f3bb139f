/** The user's card at full size: avatar, nickname, id, phone, level and progress, noble, wallet. */
import { formatMoney, formatVip } from '../../lib/format.ts';
import { levelBadgeSvg } from '../../lib/level-badge.ts';
import type { Profile } from '../../lib/stores/profile.ts';
import { GemIcon, DiamondIcon } from '../user-center/wallet/parts.tsx';
import { useT } from '../use-t.ts';

/** The card. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const t = useT();
  const total = profile.process + profile.remainder;
  const percent = total > 0 ? Math.round((100 * profile.process) / total) : 100;
  return (
    <section className="pf-card" data-profile-card>
      <img
        className="pf-avatar"
        src={profile.avatar}
        alt=""
        width={96}
        height={96}
        data-profile-avatar
      />
      <div className="pf-who">
        <h2 className="pf-name" data-profile-nick>
          {profile.nick_name}
        </h2>
        <p className="pf-tags">
          <span
            className="pf-badge"
            // The badge is our own generated SVG (level-badge.ts), not user input.
            dangerouslySetInnerHTML={{ __html: levelBadgeSvg(profile.level) }}
          />
          {profile.vip_level > 0 ? (
            <span className="pf-vip">VIP {formatVip(profile.vip_level)}</span>
          ) : (
            <span className="pf-muted">{t('engagement.profile.vipNone')}</span>
          )}
        </p>
        <p className="pf-muted">
          {t('engagement.profile.id')} {profile.id} · {t('engagement.profile.phone')}{' '}
          {profile.formatPhone}
        </p>
        <div className="pf-progress">
          <div className="pf-progress-row">
            <strong>{t('engagement.profile.level', { level: profile.level })}</strong>
            <small>
              {profile.remainder > 0
                ? t('engagement.profile.nextLevel', {
                    remainder: profile.remainder,
                    next: profile.level + 1,
                  })
                : t('engagement.profile.maxLevel')}
            </small>
          </div>
          <div
            className="pf-bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('engagement.profile.level', { level: profile.level })}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
      <div className="pf-wallet">
        <a href="/user-center/myWallet">
          <GemIcon size={26} />
          <span>{t('engagement.profile.gems')}</span>
          <strong data-profile-gold>{formatMoney(profile.gold)}</strong>
        </a>
        <a href="/user-center/myWallet">
          <DiamondIcon size={26} />
          <span>{t('engagement.profile.diamonds')}</span>
          <strong>{formatMoney(profile.diamond)}</strong>
        </a>
      </div>
    </section>
  );
}
