/**
 * The anchor's picture and sound for a browser broadcast: a camera or a shared screen, and a
 * microphone, with the devices the browser lists once the anchor has allowed them.
 */

/** What the broadcast shows. */
export type BroadcastSource = 'camera' | 'screen';

/** A camera or microphone the anchor can pick. */
export interface Device {
  id: string;
  label: string;
}

/** The chosen devices (empty: the browser's default). */
export interface DeviceChoice {
  cameraId: string;
  micId: string;
}

/** Why the picture or sound could not be had. */
export type MediaFailure = 'permission' | 'noDevice' | 'unsupported';

/** A failure with its reason. */
export class MediaError extends Error {
  readonly reason: MediaFailure;
  constructor(reason: MediaFailure) {
    super(`media ${reason}`);
    this.reason = reason;
  }
}

/** 720p at 30 frames: what the ingest's quality ladder expects of a source. */
const CAMERA: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30, max: 30 },
};

function failure(error: unknown): MediaError {
  const name = (error as DOMException | undefined)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return new MediaError('permission');
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return new MediaError('noDevice');
  return new MediaError('unsupported');
}

function exact(id: string): ConstrainDOMString | undefined {
  return id ? { exact: id } : undefined;
}

/** The camera's picture (never the sound). */
export async function cameraTrack(cameraId: string): Promise<MediaStreamTrack> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaError('unsupported');
  const stream = await navigator.mediaDevices
    .getUserMedia({ video: { ...CAMERA, deviceId: exact(cameraId) } })
    .catch((error: unknown) => {
      throw failure(error);
    });
  return stream.getVideoTracks()[0]!;
}

/** The microphone's sound, cleaned for speech over a match. */
export async function micTrack(micId: string): Promise<MediaStreamTrack> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaError('unsupported');
  const stream = await navigator.mediaDevices
    .getUserMedia({
      audio: { deviceId: exact(micId), echoCancellation: true, noiseSuppression: true },
    })
    .catch((error: unknown) => {
      throw failure(error);
    });
  return stream.getAudioTracks()[0]!;
}

/** A screen, window or tab the anchor picks in the browser's own dialog. */
export async function screenTrack(): Promise<MediaStreamTrack> {
  if (!navigator.mediaDevices?.getDisplayMedia) throw new MediaError('unsupported');
  const stream = await navigator.mediaDevices
    .getDisplayMedia({ video: { frameRate: { ideal: 30, max: 30 } }, audio: false })
    .catch((error: unknown) => {
      throw failure(error);
    });
  return stream.getVideoTracks()[0]!;
}

/** Cameras and microphones (labels are empty until the anchor has allowed one of them). */
export async function listDevices(): Promise<{ cameras: Device[]; mics: Device[] }> {
  const all = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
  const pick = (kind: MediaDeviceKind) =>
    all
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ id: d.deviceId, label: d.label || `${kind} ${i + 1}` }));
  return { cameras: pick('videoinput'), mics: pick('audioinput') };
}

/** Where the start-live dialog leaves the anchor's choice for the room, which starts it. */
export const INTENT_KEY = 'broadcast:intent';
/** An intent older than this is stale (the anchor did something else meanwhile). */
export const INTENT_MAX_AGE_MS = 5 * 60_000;

/** The dialog's choice, carried to the anchor's room. */
export interface BroadcastIntent extends DeviceChoice {
  anchorId: number;
  source: BroadcastSource;
  at: number;
}

/** Reads an intent as stored, or null when it is missing, malformed, another room's or stale. */
export function readIntent(
  raw: string | null,
  anchorId: number,
  now: number,
): BroadcastIntent | null {
  if (!raw) return null;
  let value: Partial<BroadcastIntent>;
  try {
    value = JSON.parse(raw) as Partial<BroadcastIntent>;
  } catch {
    return null;
  }
  if (value.anchorId !== anchorId || typeof value.at !== 'number') return null;
  if (now - value.at > INTENT_MAX_AGE_MS || value.at > now + 60_000) return null;
  if (value.source !== 'camera' && value.source !== 'screen') return null;
  return {
    anchorId,
    source: value.source,
    at: value.at,
    cameraId: typeof value.cameraId === 'string' ? value.cameraId : '',
    micId: typeof value.micId === 'string' ? value.micId : '',
  };
}

/** Leaves the dialog's choice for the anchor's room (this tab only). */
export function writeIntent(anchorId: number, source: BroadcastSource, choice: DeviceChoice): void {
  const intent: BroadcastIntent = {
    anchorId,
    source,
    cameraId: choice.cameraId,
    micId: choice.micId,
    at: Date.now(),
  };
  try {
    sessionStorage.setItem(INTENT_KEY, JSON.stringify(intent));
  } catch {
    // Without storage the room offers the broadcast on a click instead.
  }
}

/** Takes the intent for `anchorId`'s room once (it is removed whatever it held). */
export function takeIntent(anchorId: number): BroadcastIntent | null {
  try {
    const raw = sessionStorage.getItem(INTENT_KEY);
    sessionStorage.removeItem(INTENT_KEY);
    return readIntent(raw, anchorId, Date.now());
  } catch {
    return null;
  }
}
