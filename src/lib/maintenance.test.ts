import { describe, expect, it } from 'vitest';
import { maintenanceView, MAINTENANCE_SUPPRESS_MS, type MaintenanceNotice } from './maintenance.ts';

const base = 1_800_000_000;
const notice: MaintenanceNotice = {
  title: 't',
  content: 'c',
  remind_time: base,
  start_time: base + 3600,
  end_time: base + 7200,
};
const at = (s: number) => s * 1000;

describe('maintenanceView', () => {
  it('shows nothing without a record or before the reminder', () => {
    expect(maintenanceView(null, at(base), null)).toEqual({ show: false });
    expect(maintenanceView(notice, at(base - 1), null)).toEqual({ show: false });
  });
  it('reminds between remind_time and start_time unless dismissed in the last 6 h', () => {
    expect(maintenanceView(notice, at(base + 10), null)).toEqual({ show: true, phase: 'reminder' });
    const dismissed = at(base + 5);
    expect(maintenanceView(notice, at(base + 10), dismissed)).toEqual({ show: false });
    expect(maintenanceView(notice, dismissed + MAINTENANCE_SUPPRESS_MS, dismissed)).toEqual({
      show: false,
    });
  });
  it('does not remind when remind_time is 0', () => {
    expect(maintenanceView({ ...notice, remind_time: 0 }, at(base + 10), null)).toEqual({
      show: false,
    });
  });
  it('is unclosable during maintenance, even if a reminder was dismissed', () => {
    expect(maintenanceView(notice, at(base + 3600), at(base + 5))).toEqual({
      show: true,
      phase: 'ongoing',
    });
    expect(maintenanceView(notice, at(base + 7200), null)).toEqual({
      show: true,
      phase: 'ongoing',
    });
    expect(maintenanceView(notice, at(base + 7201), null)).toEqual({ show: false });
  });
});
