/** The 7 days of the cycle: checked days ticked, today's lit, day seven the big reward. */
import type { CheckinDay } from '../../lib/rewards/api.ts';
import { useT } from '../use-t.ts';
import { RewardChip } from './RewardChip.tsx';

/** The week of CheckinDetails. */
export function CheckinWeek({ days }: { days: readonly CheckinDay[] }) {
  const t = useT();
  return (
    <ol className="ck-week" aria-label={t('engagement.checkin.title')}>
      {days.map((day) => {
        const big = day.Day === days.length;
        const classes = [
          'ck-day',
          day.IsChecked && 'is-checked',
          day.IsToday && 'is-today',
          big && 'is-big',
        ];
        return (
          <li
            key={day.Day}
            className={classes.filter(Boolean).join(' ')}
            data-day={day.Day}
            data-checked={day.IsChecked ? '1' : '0'}
            aria-current={day.IsToday ? 'date' : undefined}
          >
            <span className="ck-day-name">
              {day.IsToday
                ? t('engagement.checkin.today')
                : t('engagement.checkin.day', { n: day.Day })}
            </span>
            {big && <span className="ck-big">{t('engagement.checkin.big')}</span>}
            <span className="ck-rewards">
              {day.RewardList.map((r) => (
                <RewardChip key={`${r.reward_type}:${r.props_id}`} reward={r} compact />
              ))}
            </span>
            <span className="ck-exp">{t('engagement.reward.expPlus', { n: day.ExpNum })}</span>
            {day.IsChecked && (
              <span className="ck-tick" role="img" aria-label={t('engagement.checkin.success')}>
                <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
                </svg>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
