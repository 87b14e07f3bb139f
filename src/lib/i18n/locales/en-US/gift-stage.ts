/** en-US strings of the gift stage over the player (gift captions, noble entrances). */
export const giftStage = {
  /** Caption under the sender's name: the gift they sent. */
  sent: 'sent {{gift}}',
  /** Combo count beside the gift. */
  combo: 'x{{count}}',
  /** Noble titles by level. */
  nobles: { '1': 'Fox Noble', '2': 'Lion Noble', '3': 'Dragon Noble' },
  /** The entrance banner's second line. */
  arrives: '{{noble}} rides in',
  /** Accessible label of the stage (announced politely). */
  region: 'Gifts and entrances',
} as const;
