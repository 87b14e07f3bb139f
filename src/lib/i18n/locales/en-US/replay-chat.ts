/** en-US strings of a replay's chat track: the chat-replay panel, its barrage input and calls. */
export const replayChat = {
  api: {
    badWindow: 'Choose a part of the replay: a start and a later end, in milliseconds',
    badOffset: 'That moment is not within the replay',
    badProps: 'Choose a speaker or a colourful chat prop',
    behindTicket: "This replay's chat opens when its ticket live has ended",
    forbidden: "Only the anchor and the room's managers can delete a replay's barrage",
    noComment: 'That barrage line no longer exists',
  },
  panel: {
    title: 'Chat replay',
    empty: 'Nobody had spoken yet at this point of the live',
    loading: 'Loading the chat…',
    failed: 'The chat could not be loaded. It will try again as the replay plays.',
    at: 'at {{time}}',
    added: 'Replay barrage',
    remove: 'Delete this barrage',
    removed: 'Barrage deleted',
  },
  input: {
    label: 'Send barrage at the current moment',
    placeholder: 'Say something at {{time}}…',
    send: 'Send',
    login: 'Log in to send barrage',
    sent: 'Sent at {{time}}',
  },
} as const;
