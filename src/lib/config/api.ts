/** The common config call (endpoint descriptor). */
import { post } from '../api/endpoint.ts';
import type { CommonConfigResponse } from '../common-config.ts';

export const configApi = {
  /** The site's switches and addresses, the live categories and the quiz chips, for everyone. */
  common: post<CommonConfigResponse>('/api/config/getCommonConfig'),
};
