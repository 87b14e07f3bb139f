/**
 * A browser broadcast's state and actions, shared by the start-live dialog (source, preview,
 * devices) and the anchor's room (publishing, health, mute, stop): the local picture and sound,
 * the WHIP session, reconnection, and the health read once a second while live.
 */
import { map } from 'nanostores';
import { healthOf, sampleOf, type BroadcastHealth, type SendSample } from '../broadcast/health.ts';
import {
  cameraTrack,
  listDevices,
  MediaError,
  micTrack,
  screenTrack,
  type BroadcastSource,
  type Device,
  type DeviceChoice,
  type MediaFailure,
} from '../broadcast/media.ts';
import {
  publish,
  whipTarget,
  WhipError,
  type WhipFailure,
  type WhipSession,
  type WhipTarget,
} from '../broadcast/whip.ts';
import { send } from '../api/client.ts';
import { studioApi } from '../studio/api.ts';

/** Where the broadcast is. */
export type BroadcastPhase =
  | 'idle' // nothing open
  | 'preview' // picture and sound on, not sent
  | 'connecting'
  | 'live'
  | 'reconnecting' // the connection dropped: publishing again
  | 'ended'; // the ingest refused it after it ran (End live, the key replaced)

/** What the dialog and the console show. */
export interface BroadcastState extends DeviceChoice {
  phase: BroadcastPhase;
  source: BroadcastSource;
  stream: MediaStream | null;
  cameras: Device[];
  mics: Device[];
  micMuted: boolean;
  cameraOff: boolean;
  health: BroadcastHealth | null;
  problem: WhipFailure | MediaFailure | null;
  /** Milliseconds since the epoch when the broadcast went live. */
  liveSince: number | null;
}

const INITIAL: BroadcastState = {
  phase: 'idle',
  source: 'camera',
  stream: null,
  cameras: [],
  mics: [],
  cameraId: '',
  micId: '',
  micMuted: false,
  cameraOff: false,
  health: null,
  problem: null,
  liveSince: null,
};

/** The broadcast of this page. */
export const $broadcast = map<BroadcastState>({ ...INITIAL });

/** Attempts to publish again after the connection drops, and the pause before each. */
const RETRY_MS = [1_000, 2_000, 4_000, 8_000, 8_000];
/** A connection `disconnected` this long is treated as dropped. */
const DISCONNECT_GRACE_MS = 3_000;
/** A connection not up this long after the answer is treated as failed. */
const CONNECT_TIMEOUT_MS = 10_000;

let session: WhipSession | null = null;
let target: WhipTarget | null = null;
let statsTimer: ReturnType<typeof setInterval> | undefined;
let graceTimer: ReturnType<typeof setTimeout> | undefined;
let connectTimer: ReturnType<typeof setTimeout> | undefined;
let lastSample: SendSample | null = null;
/** Bumped by every start and stop, so a late answer of an older attempt is ignored. */
let generation = 0;

const set = (patch: Partial<BroadcastState>) => $broadcast.set({ ...$broadcast.get(), ...patch });

function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function reason(error: unknown): WhipFailure | MediaFailure {
  if (error instanceof WhipError || error instanceof MediaError) return error.reason;
  return 'failed';
}

async function pictureOf(source: BroadcastSource, cameraId: string): Promise<MediaStreamTrack> {
  const track = source === 'screen' ? await screenTrack() : await cameraTrack(cameraId);
  // A shared screen ended from the browser's own bar: back to the camera.
  if (source === 'screen') track.addEventListener('ended', () => void useSource('camera'));
  return track;
}

/** Turns on the picture and sound of `source` for a preview; lists the devices once allowed. */
export async function openPreview(
  source: BroadcastSource,
  choice: Partial<DeviceChoice> = {},
): Promise<boolean> {
  const state = $broadcast.get();
  const cameraId = choice.cameraId ?? state.cameraId;
  const micId = choice.micId ?? state.micId;
  set({ problem: null });
  let picture: MediaStreamTrack | undefined;
  try {
    picture = await pictureOf(source, cameraId);
    const sound = await micTrack(micId);
    stopTracks($broadcast.get().stream);
    const stream = new MediaStream([picture, sound]);
    const devices = await listDevices();
    set({
      ...devices,
      stream,
      source,
      cameraId: source === 'camera' ? (picture.getSettings().deviceId ?? cameraId) : cameraId,
      micId: sound.getSettings().deviceId ?? micId,
      micMuted: false,
      cameraOff: false,
      phase: state.phase === 'idle' || state.phase === 'ended' ? 'preview' : state.phase,
    });
    return true;
  } catch (error) {
    picture?.stop();
    set({ problem: reason(error) });
    return false;
  }
}

/** Switches between the camera and a shared screen, live or not. */
export async function useSource(source: BroadcastSource): Promise<void> {
  const state = $broadcast.get();
  if (!state.stream) {
    await openPreview(source);
    return;
  }
  try {
    const picture = await pictureOf(source, state.cameraId);
    await replaceTrack('video', picture);
    set({ source, cameraOff: false });
  } catch (error) {
    set({ problem: reason(error) });
  }
}

/** Picks another camera or microphone, live or not. */
export async function chooseDevice(kind: 'camera' | 'mic', id: string): Promise<void> {
  try {
    if (kind === 'camera') {
      await replaceTrack('video', await cameraTrack(id));
      set({ cameraId: id, source: 'camera', cameraOff: false });
    } else {
      const track = await micTrack(id);
      track.enabled = !$broadcast.get().micMuted;
      await replaceTrack('audio', track);
      set({ micId: id });
    }
  } catch (error) {
    set({ problem: reason(error) });
  }
}

async function replaceTrack(kind: 'video' | 'audio', track: MediaStreamTrack): Promise<void> {
  const { stream } = $broadcast.get();
  const old = kind === 'video' ? stream?.getVideoTracks() : stream?.getAudioTracks();
  const next = new MediaStream([
    ...(stream?.getTracks().filter((t) => t.kind !== kind) ?? []),
    track,
  ]);
  set({ stream: next });
  // Another picture may have another size, which the RTMP and HLS path cannot take mid-stream:
  // a new picture starts a new publish (the sound is simply swapped).
  if (session && kind === 'video') await republish();
  else await session?.replace(kind, track);
  for (const t of old ?? []) t.stop();
}

/** Publishes the current picture and sound again as a new session. */
async function republish(): Promise<void> {
  const mine = ++generation;
  clearInterval(statsTimer);
  clearTimeout(graceTimer);
  clearTimeout(connectTimer);
  const old = session;
  session = null;
  await old?.stop();
  set({ phase: 'connecting', health: null });
  try {
    await attempt(mine);
  } catch (error) {
    if (mine === generation) set({ phase: 'preview', problem: reason(error), liveSince: null });
  }
}

/** Mutes or unmutes the microphone (silence is sent). */
export function toggleMic(): void {
  const { stream, micMuted } = $broadcast.get();
  for (const track of stream?.getAudioTracks() ?? []) track.enabled = micMuted;
  set({ micMuted: !micMuted });
}

/** Turns the picture off or on (black frames are sent, the broadcast goes on). */
export function toggleCamera(): void {
  const { stream, cameraOff } = $broadcast.get();
  for (const track of stream?.getVideoTracks() ?? []) track.enabled = cameraOff;
  set({ cameraOff: !cameraOff });
}

function watch(pc: RTCPeerConnection, mine: number): void {
  clearTimeout(connectTimer);
  connectTimer = setTimeout(() => {
    if (mine === generation && pc.connectionState !== 'connected') void reconnect(mine);
  }, CONNECT_TIMEOUT_MS);
  pc.addEventListener('connectionstatechange', () => {
    if (mine !== generation) return;
    clearTimeout(graceTimer);
    const state = pc.connectionState;
    if (state === 'connected') {
      clearTimeout(connectTimer);
      const { liveSince } = $broadcast.get();
      set({ phase: 'live', problem: null, liveSince: liveSince ?? Date.now() });
    } else if (state === 'failed' || state === 'closed') {
      void reconnect(mine);
    } else if (state === 'disconnected') {
      graceTimer = setTimeout(() => void reconnect(mine), DISCONNECT_GRACE_MS);
    }
  });
  clearInterval(statsTimer);
  lastSample = null;
  statsTimer = setInterval(() => {
    if (mine !== generation) return;
    void pc.getStats().then((report) => {
      if (mine !== generation) return;
      const sample = sampleOf(report.values() as never, Date.now());
      set({ health: healthOf(lastSample, sample) });
      lastSample = sample;
    });
  }, 1_000);
}

async function attempt(mine: number): Promise<void> {
  const { stream } = $broadcast.get();
  if (!stream || !target) return;
  const made = await publish(target, stream);
  if (mine !== generation) {
    await made.stop();
    return;
  }
  session = made;
  watch(made.pc, mine);
}

async function reconnect(mine: number): Promise<void> {
  if (mine !== generation) return;
  const old = session;
  session = null;
  clearInterval(statsTimer);
  clearTimeout(connectTimer);
  void old?.stop();
  set({ phase: 'reconnecting', health: null });
  for (const wait of RETRY_MS) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (mine !== generation) return;
    try {
      await attempt(mine);
      return;
    } catch (error) {
      // Refused now although it ran before: the live was ended or the key replaced.
      if (error instanceof WhipError && error.reason === 'refused') {
        set({ phase: 'ended', problem: 'refused', liveSince: null });
        return;
      }
    }
  }
  set({ phase: 'ended', problem: 'network', liveSince: null });
}

/** Publishes the preview to `pushTarget`; resolves false (with `problem` set) when refused. */
export async function goLive(pushTarget: WhipTarget): Promise<boolean> {
  const mine = ++generation;
  target = pushTarget;
  set({ phase: 'connecting', problem: null, health: null, liveSince: null });
  try {
    await attempt(mine);
    return true;
  } catch (error) {
    if (mine === generation) set({ phase: 'preview', problem: reason(error) });
    return false;
  }
}

/** Stops sending; the preview stays on unless `release` (then picture and sound go off too). */
export async function stopBroadcast(release = false): Promise<void> {
  generation += 1;
  clearInterval(statsTimer);
  clearTimeout(graceTimer);
  clearTimeout(connectTimer);
  const old = session;
  session = null;
  await old?.stop();
  if (release) {
    stopTracks($broadcast.get().stream);
    $broadcast.set({ ...INITIAL, cameras: $broadcast.get().cameras, mics: $broadcast.get().mics });
  } else {
    set({ phase: 'preview', health: null, liveSince: null });
  }
}

/** The anchor's WebRTC push target from getStreamInfo, or null while there is no WebRTC ingest. */
export async function loadWhipTarget(): Promise<WhipTarget | null> {
  const info = await send(studioApi.streamInfo);
  return info.web_rtc_push_url ? whipTarget(info.web_rtc_push_url, location.origin) : null;
}
