/** The mall's request rules, shared by the server route and the page. */
import { z } from 'zod';

/** POST /api/mall/buy: the item and the client's id of this purchase (retries reuse it). */
export const buyRequestSchema = z.object({
  item_id: z.string().trim().min(1).max(40),
  client_order_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** What POST /api/mall/buy sends. */
export type BuyRequest = z.infer<typeof buyRequestSchema>;
