/** The maintenance call (endpoint descriptor). */
import { post } from '../api/endpoint.ts';
import type { MaintenanceNotice } from '../maintenance.ts';

export const maintenanceApi = {
  /** The maintenance notice for a kind of device (1: web), or null; for everyone. */
  notice: post<MaintenanceNotice | null, { device: number }>('/api/maintain'),
};
