/** Icons of tickets and chat props (24x24 paths, drawn with currentColor), for pages and islands. */
export const PROP_ICONS = {
  /** A ticket with a perforated stub. */
  ticket:
    'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2.2a2.8 2.8 0 0 0 0 5.6V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2.2a2.8 2.8 0 0 0 0-5.6zm11 0v2h1.6V7zm0 4v2h1.6v-2zm0 4v2h1.6v-2z',
  /** A megaphone: the speaker prop. */
  megaphone:
    'M18 3v18l-6.2-4.1H9.5l1.2 4.1H7.9l-1.3-4.3A4 4 0 0 1 4 13v-2a4 4 0 0 1 4-4h3.8zm2 6.5a3 3 0 0 1 0 5z',
  /** Sparkles: the props menu. */
  sparkle:
    'M10 2l1.9 5.6L17.5 9.5l-5.6 1.9L10 17l-1.9-5.6L2.5 9.5l5.6-1.9zm8 10l.9 2.6 2.6.9-2.6.9L18 19l-.9-2.6-2.6-.9 2.6-.9z',
} as const;
