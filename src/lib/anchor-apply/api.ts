/** The anchor application calls: the applicant's own (status, code, submit) and the administrators' review. */
import type { z } from 'zod';
import { get, post } from '../api/endpoint.ts';
import type {
  AnchorApplyForm,
  anchorApplyCodeSchema,
  ApplicationView,
  ApplyState,
  ApplyStatus,
  approveApplicationSchema,
  listApplicationsSchema,
  rejectApplicationSchema,
} from '../validation/anchor-apply.ts';

export const anchorApplyApi = {
  /** The caller's application status (not_certified before any application). */
  status: get<ApplyStatus>('/api/user/anchor_apply_status'),
  /** Sends the application code to a phone (after the slider). */
  sendCode: post<null, z.output<typeof anchorApplyCodeSchema>>('/api/user/anchor_apply_code'),
  /** Submits the caller's application; answers its id and the new status. */
  submit: post<ApplyStatus & { id: number }, AnchorApplyForm>('/api/user/anchor_apply'),
  /**
   * An applicant's private image (an ID photo) for its owner or an administrator. It answers the
   * image itself, not an envelope: the store fetches it with the token instead of sending it.
   */
  privateImage: get<Blob, { path: string }>('/api/user/private_image'),
  /** Administrators: the applications in one state, or all of them. */
  list: get<{ list: ApplicationView[] }, z.input<typeof listApplicationsSchema>>(
    '/api/admin/anchor_applications',
  ),
  /** Administrators: approves an application; the applicant becomes an anchor. */
  approve: post<
    { id: number; user_id: number; status: 'verified' },
    z.output<typeof approveApplicationSchema>
  >('/api/admin/anchor_applications/approve'),
  /** Administrators: refuses an application with a reason the applicant sees. */
  reject: post<
    { id: number; status: Extract<ApplyState, 'failed'> },
    z.output<typeof rejectApplicationSchema>
  >('/api/admin/anchor_applications/reject'),
};
