/** The wallet calls: the signed-in user's consumption and income records, and ticket vouchers. */
import { post } from '../api/endpoint.ts';
import type { Page } from './recharge.ts';
import type { RecordType, VoucherList, WalletRecord } from './records.ts';

export const walletApi = {
  /** A page of the signed-in user's consumption or income records. */
  records: post<Page<WalletRecord>, { type: RecordType; page: number }>('/api/wallet/records'),
  /** The signed-in user's ticket vouchers, tickets held and chat prop counts. */
  vouchers: post<VoucherList>('/api/wallet/vouchers'),
};
