/** A ticket or chat prop icon for the live room's islands. */
import { PROP_ICONS } from '../../lib/live/icons.ts';

/** Props of PropIcon. */
export interface PropIconProps {
  name: keyof typeof PROP_ICONS;
  size?: number;
}

/** The icon, decorative (aria-hidden). */
export function PropIcon({ name, size = 20 }: PropIconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d={PROP_ICONS[name]} />
    </svg>
  );
}
