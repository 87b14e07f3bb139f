/** en-US strings of gifts: the gift panel and refusals of a send (spec §8: error 10152). */
export const gifts = {
  panel: {
    title: 'Gifts',
    open: 'Send a gift',
    close: 'Close gifts',
    gifts: 'Gifts',
    backpack: 'Backpack',
    balance: 'Gems',
    recharge: 'Recharge',
    count: 'Quantity',
    combo: 'Combo!',
    send: 'Send',
    sending: 'Sending…',
    price_one: '{{price}} gem',
    price_other: '{{price}} gems',
    loginFirst: 'Log in to send gifts',
    empty: 'No gifts on sale right now.',
    backpackEmpty: 'Your backpack is empty.',
    loadFailed: 'Gifts could not be loaded.',
  },
  chat: {
    sent: 'sent {{gift}}',
    combo: 'x{{hit}}',
  },
  errors: {
    insufficient: 'Insufficient balance, please recharge',
    guest: 'Log in to send gifts',
    self: 'You cannot send gifts in your own room',
    badGift: 'This gift cannot be sent',
    noGift: 'This gift is no longer available',
    failed: 'The gift could not be sent, please try again',
  },
} as const;
