/** The recharge calls: the offer, creating an order for the provider's checkout, its state and the history. */
import { post } from '../api/endpoint.ts';
import type { CreatedOrder, Page, RechargeOffer, RechargeOrder } from '../wallet/recharge.ts';

/** What creating an order sends: a package of the offer, or (without one) a custom amount in yuan. */
export type CreateOrderParams = { package_id?: string; amount_yuan?: number };

export const rechargeApi = {
  /** The recharge packages and the custom amount's range. */
  packages: post<RechargeOffer>('/api/recharge/packages'),
  /** Creates the signed-in user's order; answers the provider's checkout URL. */
  createOrder: post<CreatedOrder, CreateOrderParams>('/api/recharge/create_order'),
  /** One of the signed-in user's orders: pending, paid, failed or expired. */
  orderInfo: post<RechargeOrder, { order_no: string }>('/api/recharge/order_info'),
  /** A page of the signed-in user's recharge orders. */
  history: post<Page<RechargeOrder>, { page: number }>('/api/recharge/history'),
};
