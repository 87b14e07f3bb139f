/**
 * Chat props and backpack item types (spec §3, §9), shared by the hub, the API and the room:
 * 100 speaker, 101 colourful chat with props_id 2, 3, 4, 105 the room ticket, and 106 a gift
 * held in the backpack (props_id is the gift's id in the catalogue).
 */
import { z } from 'zod';

/** Item types of the backpack: 106 is a gift item, whose props_id is the gift id. */
export const PROP_TYPE = { speaker: 100, colorful: 101, ticket: 105, giftItem: 106 } as const;

/** Colourful chat colours by props_id. */
export const PROP_COLORS: Readonly<Record<number, string>> = {
  2: '#113BD0',
  3: '#E41EB1',
  4: '#FF6B00',
};

/** The colourful props_id in the order the spec names them colorful1, colorful2, colorful3. */
export const COLORFUL_IDS = [2, 3, 4] as const;

/** A prop attached to a chat message: speaker, or colourful with its colour. */
export type SayProps =
  | { type: typeof PROP_TYPE.speaker; props_id: 0 }
  | { type: typeof PROP_TYPE.colorful; props_id: (typeof COLORFUL_IDS)[number] };

/** The `props` field of a client `say` frame; a speaker's props_id is ignored and stored as 0. */
export const sayPropsSchema = z.union([
  z
    .object({ type: z.literal(PROP_TYPE.speaker), props_id: z.number().int().optional() })
    .transform((): SayProps => ({ type: PROP_TYPE.speaker, props_id: 0 })),
  z
    .object({
      type: z.literal(PROP_TYPE.colorful),
      props_id: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    })
    .transform((p): SayProps => ({ type: PROP_TYPE.colorful, props_id: p.props_id })),
]);

/** Counts of chat props as the backpack call returns them (spec §3 props). */
export interface PropCounts {
  speaker: number;
  colorful1: number;
  colorful2: number;
  colorful3: number;
}

/** The key of PropCounts a prop draws from. */
export function propCountKey(props: SayProps): keyof PropCounts {
  if (props.type === PROP_TYPE.speaker) return 'speaker';
  return `colorful${COLORFUL_IDS.indexOf(props.props_id) + 1}` as keyof PropCounts;
}

/** The text colour of a message with these props; '' for none (speaker uses the room's style). */
export function fontColorOf(type: number, propsId: number): string {
  return type === PROP_TYPE.colorful ? (PROP_COLORS[propsId] ?? '') : '';
}

/** Translation key of the refusal when the prop is not in the backpack (spec §8). */
export function missingPropKey(
  type: number,
): 'liveChat.props.noSpeaker' | 'liveChat.props.noColorful' {
  return type === PROP_TYPE.speaker ? 'liveChat.props.noSpeaker' : 'liveChat.props.noColorful';
}
