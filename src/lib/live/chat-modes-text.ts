/** The words for a room's chat modes, as the chat announces them and the input shows them. */
import type { TFunction } from 'i18next';
import { anyChatMode, type ChatModes } from './chat-modes.ts';

/** The active modes as short labels, in order. */
export function modeLabels(t: TFunction, modes: ChatModes): string[] {
  const labels: string[] = [];
  if (modes.slow > 0) labels.push(t('liveChat.modes.slow', { seconds: modes.slow }));
  if (modes.followers !== null) {
    labels.push(
      modes.followers > 0
        ? t('liveChat.modes.followersFor', { minutes: modes.followers })
        : t('liveChat.modes.followers'),
    );
  }
  if (modes.fans) labels.push(t('liveChat.modes.fans'));
  if (modes.emote) labels.push(t('liveChat.modes.emote'));
  return labels;
}

/** One line for the modes; `changed` says it as the chat's announcement of a change. */
export function describeModes(t: TFunction, modes: ChatModes, changed = false): string {
  if (!anyChatMode(modes)) return t('liveChat.modes.off');
  const list = modeLabels(t, modes).join(' · ');
  return changed ? t('liveChat.modes.changed', { modes: list }) : list;
}
