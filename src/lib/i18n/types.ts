/** Types of the locale resources: every locale has exactly the keys of en-US. */
import type { enUS } from './locales/en-US.ts';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Shape of one locale's strings. */
export type Resource = Widen<typeof enUS>;

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, dotted (e.g. `nav.home`). */
export type MessageKey = Paths<Resource>;
