/** English (en-US) strings of the talent list (/ranking) and the ranking calls (`ranking.*`). */
export const ranking = {
  title: 'Talent list',
  intro:
    'The anchors who received the most gifts and the fans who gave the most. Days and months follow Beijing time (GMT+8).',
  periods: 'Ranking period',
  day: 'Daily',
  month: 'Monthly',
  anchors: 'Anchor ranking',
  anchorsHint: 'by gifts received',
  users: 'Contribution ranking',
  usersHint: 'by gifts given',
  income: 'Income',
  contribution: 'Contribution',
  emptyAnchors: 'No gifts received yet in this period.',
  emptyUsers: 'No gifts given yet in this period. Send the first one from a live room!',
  api: {
    noRoom: 'This live room does not exist',
    badPeriod: 'The period must be day or month',
    closed: 'The talent list is not open right now',
  },
} as const;
