/**
 * The player's state machine: what the viewer is told about the stream. Pure, so every
 * transition is tested without a browser; the island feeds it media events.
 */

/** What the player shows: nothing yet, the offline notice, a spinner, video, or the away notice. */
export type PlayerStatus = 'idle' | 'notStarted' | 'loading' | 'playing' | 'away';

/** The machine's state: the status and how many failures in a row led to it. */
export interface MachineState {
  status: PlayerStatus;
  /** Failures since the stream last played; picks the next retry delay. */
  attempt: number;
}

/** Inputs of the machine. */
export type MachineEvent =
  /** Start (or restart after a failure) loading the stream. */
  | { type: 'load' }
  /** Frames are advancing. */
  | { type: 'playing' }
  /** Playback ran out of data and waits. */
  | { type: 'waiting' }
  /** A fatal error, or loading/waiting took longer than STALL_TIMEOUT_MS. */
  | { type: 'fail' }
  /** The room stopped broadcasting. */
  | { type: 'offline' }
  /** The room started broadcasting. */
  | { type: 'online' };

/** How long the player may load or wait for data before it counts as a failure. */
export const STALL_TIMEOUT_MS = 12_000;

/** The state before anything happened. */
export const INITIAL_STATE: MachineState = { status: 'idle', attempt: 0 };

/** The state after `event`; the same object when the event changes nothing. */
export function transition(state: MachineState, event: MachineEvent): MachineState {
  const { status, attempt } = state;
  switch (event.type) {
    case 'offline':
      return status === 'notStarted' ? state : { status: 'notStarted', attempt: 0 };
    case 'online':
      return status === 'notStarted' || status === 'idle'
        ? { status: 'loading', attempt: 0 }
        : state;
    case 'load':
      return status === 'idle' || status === 'away' ? { status: 'loading', attempt } : state;
    case 'playing':
      if (status === 'idle' || status === 'notStarted') return state;
      return status === 'playing' && attempt === 0 ? state : { status: 'playing', attempt: 0 };
    case 'waiting':
      return status === 'playing' ? { status: 'loading', attempt } : state;
    case 'fail':
      return status === 'loading' || status === 'playing'
        ? { status: 'away', attempt: attempt + 1 }
        : state;
  }
}

/** Whether media should be attached in this status (not when offline or before the start). */
export function wantsMedia(status: PlayerStatus): boolean {
  return status === 'loading' || status === 'playing';
}
