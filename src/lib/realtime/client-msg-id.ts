/**
 * client_msg_id: what a `gift` or a `bet` carries, unique per press of the button, so that a
 * repeat is applied once and a refusal names the action it refuses. 1-64 letters, digits, `-`
 * or `_`.
 */
import { z } from 'zod';

/** A valid client_msg_id. */
export const clientMsgIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

const carrier = z.object({ client_msg_id: clientMsgIdSchema });

/**
 * What a refusal of a request echoes: `{ client_msg_id }` when the request carried a valid one,
 * `{}` otherwise.
 */
export function clientMsgIdEcho(data: unknown): { client_msg_id?: string } {
  const parsed = carrier.safeParse(data);
  return parsed.success ? { client_msg_id: parsed.data.client_msg_id } : {};
}
