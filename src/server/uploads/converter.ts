/**
 * The image conversion queue: uploads are converted in a child process of their own
 * (convert-child.ts), at most `slots` at a time, with at most `waiting` more in line; an upload
 * beyond that is refused at once as busy (HTTP 503, try again) instead of waiting without end.
 * The child is started with the first upload and again after it dies; it ends with the server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { ApiError } from '../http/envelope.ts';
import { log } from '../log.ts';
import type { ConvertRequest } from './convert-child.ts';
import type { Converted, ImageKind, ImageUse } from './images.ts';

/** Sizes of the queue. */
export interface QueueSize {
  /** Conversions at once (UPLOAD_CONVERSIONS). */
  slots: number;
  /** Uploads waiting for a slot (UPLOAD_QUEUE); one more is answered busy. */
  waiting: number;
}

/** Seconds a busy answer asks the client to wait before trying again. */
export const BUSY_RETRY_S = 5;

interface Job {
  request: ConvertRequest;
  resolve: (result: Converted) => void;
  reject: (error: Error) => void;
}

/** A bounded queue in front of one conversion process. */
export class ImageConverter {
  readonly #size: QueueSize;
  #child: ChildProcess | undefined;
  #nextId = 1;
  readonly #running = new Map<number, Job>();
  readonly #line: Job[] = [];

  constructor(size: QueueSize) {
    this.#size = { slots: Math.max(1, size.slots), waiting: Math.max(0, size.waiting) };
  }

  /** Conversions running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running.size, waiting: this.#line.length };
  }

  /** Converts one image; throws the busy ApiError at once when the queue is full. */
  convert(bytes: Uint8Array, kind: ImageKind, use: ImageUse): Promise<Converted> {
    if (this.#running.size >= this.#size.slots && this.#line.length >= this.#size.waiting) {
      throw new ApiError('studio.upload.busy', { httpStatus: 503, retryAfter: BUSY_RETRY_S });
    }
    return new Promise<Converted>((resolve, reject) => {
      this.#line.push({ request: { id: this.#nextId++, bytes, kind, use }, resolve, reject });
      this.#pump();
    });
  }

  /** Stops the conversion process; jobs still running fail. */
  close(): void {
    this.#child?.kill();
    this.#child = undefined;
  }

  #pump(): void {
    while (this.#running.size < this.#size.slots && this.#line.length > 0) {
      const job = this.#line.shift()!;
      this.#running.set(job.request.id, job);
      this.#process().send(job.request);
    }
    // An idle child does not keep the server (or a test) alive.
    if (this.#running.size === 0) this.#child?.channel?.unref();
    else this.#child?.channel?.ref();
  }

  #process(): ChildProcess {
    if (this.#child) return this.#child;
    const child = fork(new URL('./convert-child.ts', import.meta.url), [], {
      // Plain Node with its TypeScript support: no flags of the parent (a test runner's loaders).
      execArgv: [],
      serialization: 'advanced',
      // sharp's work goes to the child's libuv pool: as many threads as conversions at once.
      env: { ...process.env, UV_THREADPOOL_SIZE: String(this.#size.slots) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: { id: number; result: Converted }) => {
      const job = this.#running.get(message.id);
      if (!job) return;
      this.#running.delete(message.id);
      job.resolve(message.result);
      this.#pump();
    });
    child.on('exit', (code, signal) => {
      if (this.#child === child) this.#child = undefined;
      if (this.#running.size > 0) log('warn', 'image_converter_exit', { code, signal });
      for (const job of this.#running.values()) job.reject(new ApiError('studio.upload.failed'));
      this.#running.clear();
      this.#pump();
    });
    child.unref();
    this.#child = child;
    return child;
  }
}

const converters = new Map<string, ImageConverter>();

/** The process's converter for this queue size (one per size; a server has one size). */
export function imageConverter(size: QueueSize): ImageConverter {
  const key = `${size.slots}/${size.waiting}`;
  let converter = converters.get(key);
  if (!converter) {
    converter = new ImageConverter(size);
    converters.set(key, converter);
  }
  return converter;
}

/** Stops every conversion process (server shutdown). */
export function closeImageConverters(): void {
  for (const converter of converters.values()) converter.close();
  converters.clear();
}
