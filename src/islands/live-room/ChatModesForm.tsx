/** The anchor's and managers' chat modes: slow mode, followers only, fan group only, emote only. */
import { useState } from 'react';
import type { ChatModes } from '../../lib/live/chat-modes.ts';
import { saveChatModes } from '../../lib/stores/live-room-manage.ts';
import { useT } from '../use-t.ts';

/** Slow mode's waits on offer, in seconds (0: off). */
const SLOW_CHOICES = [0, 3, 5, 10, 30, 60, 120];
/** Followers-only choices, in minutes followed ('' off, 0 any follower). */
const FOLLOW_CHOICES = [0, 10, 30, 60, 1440];

/** Props of ChatModesForm. */
export interface ChatModesFormProps {
  modes: ChatModes;
  onClose: () => void;
}

/** The form in the manager bar; saving sends all the modes at once. */
export function ChatModesForm({ modes, onClose }: ChatModesFormProps) {
  const t = useT();
  const [slow, setSlow] = useState(modes.slow);
  const [followers, setFollowers] = useState<number | null>(modes.followers);
  const [fans, setFans] = useState(modes.fans);
  const [emote, setEmote] = useState(modes.emote);
  const slowChoices = SLOW_CHOICES.includes(slow) ? SLOW_CHOICES : [...SLOW_CHOICES, slow];
  const followChoices =
    followers === null || FOLLOW_CHOICES.includes(followers)
      ? FOLLOW_CHOICES
      : [...FOLLOW_CHOICES, followers];
  return (
    <form
      className="mod-pop chat-modes-form"
      aria-label={t('liveChat.modes.title')}
      onSubmit={(e) => {
        e.preventDefault();
        saveChatModes({ slow, followers, fans, emote });
        onClose();
      }}
    >
      <label>
        <span>{t('liveChat.modes.slowLabel')}</span>
        <select value={slow} onChange={(e) => setSlow(Number(e.target.value))} data-slow-mode>
          {slowChoices.map((s) => (
            <option key={s} value={s}>
              {s === 0
                ? t('liveChat.modes.offOption')
                : t('liveChat.modes.seconds', { seconds: s })}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('liveChat.modes.followersLabel')}</span>
        <select
          value={followers === null ? '' : String(followers)}
          onChange={(e) => setFollowers(e.target.value === '' ? null : Number(e.target.value))}
          data-followers-mode
        >
          <option value="">{t('liveChat.modes.offOption')}</option>
          {followChoices.map((m) => (
            <option key={m} value={String(m)}>
              {m === 0
                ? t('liveChat.modes.anyFollower')
                : t('liveChat.modes.minutes', { minutes: m })}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={fans} onChange={(e) => setFans(e.target.checked)} />
        <span>{t('liveChat.modes.fans')}</span>
      </label>
      <label className="check">
        <input type="checkbox" checked={emote} onChange={(e) => setEmote(e.target.checked)} />
        <span>{t('liveChat.modes.emote')}</span>
      </label>
      <div className="mod-actions">
        <button type="button" className="btn btn-ghost small" onClick={onClose}>
          {t('liveRoom.mod.cancel')}
        </button>
        <button type="submit" className="btn btn-primary small" data-chat-modes-save>
          {t('liveRoom.mod.save')}
        </button>
      </div>
    </form>
  );
}
