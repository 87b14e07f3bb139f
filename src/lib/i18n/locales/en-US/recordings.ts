/** en-US strings of recorded replays: the anchor centre's "My replays" and its calls. */
export const recordings = {
  api: {
    notOwner: 'This replay belongs to another anchor',
    badHidden: 'Choose whether to hide or show the replay',
  },
  mine: {
    tab: 'My replays',
    intro:
      'Every live you push is recorded and becomes a replay a moment after it ends. Hidden replays are listed only here.',
    empty: 'No replays yet. Your next live will be recorded.',
    recorded: 'Recorded {{when}}',
    views_one: '{{count}} view',
    views_other: '{{count}} views',
    hiddenBadge: 'Hidden',
    watch: 'Watch',
    hide: 'Hide',
    show: 'Show',
    delete: 'Delete',
    confirmDelete: 'Delete “{{title}}” and its video? This cannot be undone.',
    hiddenDone: 'Replay hidden',
    shownDone: 'Replay shown again',
    deletedDone: 'Replay deleted',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pages}}',
  },
} as const;
