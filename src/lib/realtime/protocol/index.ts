/**
 * The realtime protocol of `/im`, shared by the hub and the browser: frame names (names.ts), the
 * data each frame carries and the typed frame unions (frames.ts, room.ts, gifts.ts). See
 * docs/realtime.md.
 */
export * from './names.ts';
export * from './frames.ts';
export * from './room.ts';
export * from './gifts.ts';
