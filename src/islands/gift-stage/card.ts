/**
 * The static card that stands in for an animation when the viewer prefers reduced motion: the
 * gift (or noble entrance) in plain DOM, shown for a moment without movement.
 */
import type { TFunction } from 'i18next';
import type { GiftDefinition, GiftLocale } from '../../lib/gifts/catalogue.ts';
import type { EnterData, GiftData } from '../../lib/realtime/protocol/index.ts';

/** How long a static card stays. */
export const CARD_MS = 2500;

/** What a card shows. */
export type CardContent =
  | { kind: 'gift'; gift: GiftData; definition: GiftDefinition; t: TFunction; locale: GiftLocale }
  | { kind: 'entrance'; user: EnterData; t: TFunction };

function img(src: string, className: string): HTMLImageElement {
  const el = document.createElement('img');
  el.src = src;
  el.alt = '';
  el.className = className;
  el.width = 40;
  el.height = 40;
  return el;
}

function text(tag: string, className: string, value: string): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  el.textContent = value;
  return el;
}

/** Shows a card in `host` for CARD_MS or until `signal` aborts. */
export function showCard(host: HTMLElement, content: CardContent, signal: AbortSignal) {
  const card = document.createElement('div');
  card.className = `gift-card gift-card-${content.kind}`;
  card.dataset.giftCard = content.kind;
  const body = document.createElement('div');
  body.className = 'gift-card-text';
  if (content.kind === 'gift') {
    const { gift, definition, t, locale } = content;
    card.append(img(gift.avatar, 'gift-card-avatar'));
    body.append(
      text('b', 'gift-card-name', gift.sender),
      text('span', 'gift-card-line', t('giftStage.sent', { gift: definition.name[locale] })),
    );
    card.append(body, img(definition.icon, 'gift-card-icon'));
    if (gift.hit > 1)
      card.append(text('b', 'gift-card-combo', t('giftStage.combo', { count: gift.hit })));
  } else {
    const { user, t } = content;
    card.dataset.level = String(user.vip_level);
    card.append(img(user.avatar, 'gift-card-avatar'));
    const noble = t(`giftStage.nobles.${user.vip_level}`);
    body.append(
      text('b', 'gift-card-name', user.from_client_name),
      text('span', 'gift-card-line', t('giftStage.arrives', { noble })),
    );
    card.append(body);
  }
  host.append(card);
  return new Promise<void>((resolve) => {
    const end = () => {
      clearTimeout(timer);
      card.remove();
      resolve();
    };
    const timer = setTimeout(end, CARD_MS);
    signal.addEventListener('abort', end, { once: true });
  });
}
