/** The response envelope every call returns: `{ status, msg, data }`. */

/** Envelope statuses (DESIGN.md): 0 success, 1 business error, 2 not logged in, 301 needs registration. */
export const API_STATUS = { ok: 0, error: 1, unauthorized: 2, needsRegistration: 301 } as const;

/** One of API_STATUS. */
export type ApiStatus = (typeof API_STATUS)[keyof typeof API_STATUS];

/** The JSON body of every API response. */
export interface ApiEnvelope<T> {
  /** See API_STATUS. */
  status: ApiStatus;
  /** 'SUCCESS' or a human message in the request's language. */
  msg: string;
  /** Payload; null on errors unless the status carries data (301). */
  data: T;
}

/** msg of a successful response. */
export const SUCCESS_MSG = 'SUCCESS';

/** Header of an encrypted answer (API_RESPONSE_KEY), naming its cipher; plain answers lack it. */
export const SEALED_HEADER = 'x-encrypted';

/** SEALED_HEADER's value: AES-256-GCM, the body being IV (12 bytes) ‖ ciphertext ‖ tag (16). */
export const SEALED_ALGORITHM = 'aes-256-gcm';
