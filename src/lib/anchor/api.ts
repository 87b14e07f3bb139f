/** The anchor status call (endpoint descriptor). */
import { get } from '../api/endpoint.ts';

/** checkAnchorStatus answer. */
export interface AnchorStatus {
  is_anchor: 0 | 1;
  is_live: 0 | 1;
}

export const anchorApi = {
  /** Whether the caller is an anchor, and live now. */
  status: get<AnchorStatus>('/api/user/checkAnchorStatus'),
};
