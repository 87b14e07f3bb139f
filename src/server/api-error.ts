/** The business refusal every layer may raise; the API answers it as an envelope. */
import { API_STATUS, type ApiStatus } from '../lib/api/envelope.ts';

/** A business refusal: caught by the app and answered as an envelope in the caller's language. */
export class ApiError extends Error {
  /** Envelope status (1 by default). */
  readonly status: ApiStatus;
  /** i18n key of the message, or a literal message when `literal` is true. */
  readonly key: string;
  /** Interpolation values for the message. */
  readonly params: Record<string, unknown>;
  /** Data to return with the error (for example mobile_hash with 301). */
  readonly data: unknown;
  /** HTTP status to answer with (200 unless rate limited, missing or busy). */
  readonly httpStatus: 200 | 404 | 429 | 503;
  /** Seconds the client should wait before trying again (a Retry-After header), if any. */
  readonly retryAfter: number | undefined;
  /** True when `key` is already a translated message. */
  readonly literal: boolean;

  constructor(
    key: string,
    opts: {
      status?: ApiStatus;
      params?: Record<string, unknown>;
      data?: unknown;
      httpStatus?: 200 | 404 | 429 | 503;
      retryAfter?: number;
      literal?: boolean;
    } = {},
  ) {
    super(key);
    this.key = key;
    this.status = opts.status ?? API_STATUS.error;
    this.params = opts.params ?? {};
    this.data = opts.data ?? null;
    this.httpStatus = opts.httpStatus ?? 200;
    this.literal = opts.literal ?? false;
    this.retryAfter = opts.retryAfter;
  }
}
