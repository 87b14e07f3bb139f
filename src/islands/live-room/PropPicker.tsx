/**
 * The chat props popover: speaker and the three colours with the counts in the backpack. A prop
 * the viewer does not hold stays listed but refuses with the spec's message when picked.
 */
import { useStore } from '@nanostores/react';
import { COLORFUL_IDS, PROP_COLORS, PROP_TYPE, type SayProps } from '../../lib/live/props.ts';
import { $backpack } from '../../lib/stores/backpack.ts';
import { $chatProp, chooseProp } from '../../lib/stores/live-room-state.ts';
import { useT } from '../use-t.ts';
import { PropIcon } from './PropIcon.tsx';

/** Props of PropPicker. */
export interface PropPickerProps {
  /** Called after a prop (or none) was chosen. */
  onPicked: () => void;
}

const same = (a: SayProps | null, b: SayProps) =>
  a !== null && a.type === b.type && a.props_id === b.props_id;

/** The popover above the chat input. */
export function PropPicker({ onPicked }: PropPickerProps) {
  const t = useT();
  const backpack = useStore($backpack);
  const chosen = useStore($chatProp);
  const counts = backpack?.props ?? { speaker: 0, colorful1: 0, colorful2: 0, colorful3: 0 };
  const options: { props: SayProps; count: number; label: string; hint: string; color?: string }[] =
    [
      {
        props: { type: PROP_TYPE.speaker, props_id: 0 },
        count: counts.speaker,
        label: t('liveChat.props.speaker'),
        hint: t(counts.speaker ? 'liveChat.props.speakerHint' : 'liveChat.props.noSpeaker'),
      },
      ...COLORFUL_IDS.map((id, i) => {
        const count = counts[`colorful${i + 1}` as 'colorful1'];
        return {
          props: { type: PROP_TYPE.colorful, props_id: id },
          count,
          label: t('liveChat.props.colorful', { n: i + 1 }),
          hint: t(count ? 'liveChat.props.colorfulHint' : 'liveChat.props.noColorful'),
          color: PROP_COLORS[id],
        };
      }),
    ];
  return (
    <div className="prop-picker" role="dialog" aria-label={t('liveChat.props.title')}>
      <p className="prop-picker-title">{t('liveChat.props.title')}</p>
      <ul>
        {options.map((o) => (
          <li key={`${o.props.type}:${o.props.props_id}`}>
            <button
              type="button"
              className={`prop-option${o.count ? '' : ' empty'}`}
              aria-pressed={same(chosen, o.props)}
              aria-disabled={o.count === 0}
              title={o.hint}
              data-prop={`${o.props.type}:${o.props.props_id}`}
              onClick={() => {
                if (chooseProp(same(chosen, o.props) ? null : o.props)) onPicked();
              }}
            >
              <span
                className="prop-swatch"
                style={o.color ? { background: o.color } : undefined}
                aria-hidden="true"
              >
                {o.color ? 'A' : <PropIcon name="megaphone" size={15} />}
              </span>
              <span className="prop-label">{o.label}</span>
              <span className="prop-count">{t('liveChat.props.count', { count: o.count })}</span>
            </button>
          </li>
        ))}
      </ul>
      {chosen ? (
        <button
          type="button"
          className="prop-clear"
          onClick={() => {
            chooseProp(null);
            onPicked();
          }}
        >
          {t('liveChat.props.clear')}
        </button>
      ) : null}
    </div>
  );
}
