/** A reward as the check-in and the lottery show it: its icon, title and amount (spec §3, §9). */
import { rewardAmount, type RewardEntry } from '../../lib/rewards/types.ts';
import { useT } from '../use-t.ts';

/** One reward; `compact` leaves the title to the tooltip (the week's small cards). */
export function RewardChip({
  reward,
  compact = false,
}: {
  reward: RewardEntry;
  compact?: boolean;
}) {
  const amount = `×${rewardAmount(reward)}`;
  return (
    <span
      className={compact ? 'rw-chip is-compact' : 'rw-chip'}
      data-reward-type={reward.reward_type}
      title={`${reward.title} ${amount}`}
    >
      <img src={reward.icon} alt="" width={compact ? 26 : 34} height={compact ? 26 : 34} />
      {compact ? (
        <span className="rw-sr">{reward.title}</span>
      ) : (
        <span className="rw-title">{reward.title}</span>
      )}
      <span className="rw-amount">{amount}</span>
    </span>
  );
}

/** "You got" and the rewards of today's check-in; nothing when there are none. */
export function WonRewards({ rewards }: { rewards: readonly RewardEntry[] | null }) {
  const t = useT();
  if (!rewards || rewards.length === 0) return null;
  return (
    <section className="ck-won" aria-live="polite">
      <h3>{t('engagement.checkin.youGot')}</h3>
      <div className="ck-won-list">
        {rewards.map((r) => (
          <RewardChip key={`${r.reward_type}:${r.props_id}`} reward={r} />
        ))}
      </div>
    </section>
  );
}
