import { DatabaseSettings, SETTINGS_DEFAULTS, type Settings } from '@switchboard/contract/settings';
import { describe, expect, it } from 'vitest';
import { backupDue } from './backup-schedule.ts';

const at = (iso: string) => new Date(`${iso}Z`);
const settings = (database: Partial<Settings['database']>): Settings => ({
  ...SETTINGS_DEFAULTS,
  database: { ...SETTINGS_DEFAULTS.database, ...database },
});
const daily = settings({ backup_frequency: 'daily', backup_time: '03:00' });
const started = at('2026-11-25T12:00:00');

describe('the scheduled backup', () => {
  it('never comes with a start: a server started at noon with no backup waits for 03:00', () => {
    expect(backupDue(daily, null, at('2026-11-25T12:01:00'), started)).toBe(false);
    expect(backupDue(daily, null, at('2026-11-26T02:59:00'), started)).toBe(false);
    expect(backupDue(daily, null, at('2026-11-26T03:00:30'), started)).toBe(true);
  });

  it('runs once per scheduled time: a backup after it, manual or scheduled, counts', () => {
    expect(backupDue(daily, at('2026-11-26T03:01:00'), at('2026-11-26T03:05:00'), started)).toBe(false);
    expect(backupDue(daily, at('2026-11-26T02:00:00'), at('2026-11-26T03:01:00'), started)).toBe(true);
    expect(backupDue(daily, at('2026-11-26T03:01:00'), at('2026-11-27T03:00:10'), started)).toBe(true);
  });

  it('keeps a week between weekly backups, taken at the set time', () => {
    const weekly = settings({ backup_frequency: 'weekly', backup_time: '04:30' });
    const early = new Date(0);
    expect(backupDue(weekly, at('2026-11-23T04:31:00'), at('2026-11-26T04:31:00'), early)).toBe(false);
    expect(backupDue(weekly, at('2026-11-19T04:31:00'), at('2026-11-26T04:29:00'), early)).toBe(false);
    expect(backupDue(weekly, at('2026-11-19T04:31:00'), at('2026-11-26T04:31:00'), early)).toBe(true);
  });

  it('runs hourly backups at the set minutes past each hour', () => {
    const hourly = settings({ backup_frequency: 'hourly', backup_time: '03:15' });
    const early = at('2026-11-26T09:00:00');
    expect(backupDue(hourly, at('2026-11-26T09:15:30'), at('2026-11-26T10:14:00'), early)).toBe(false);
    expect(backupDue(hourly, at('2026-11-26T09:15:30'), at('2026-11-26T10:15:10'), early)).toBe(true);
    expect(backupDue(hourly, at('2026-11-26T10:16:00'), at('2026-11-26T10:40:00'), early)).toBe(false);
  });

  it('does nothing with auto backup off', () => {
    const off = settings({ auto_backup: false });
    expect(backupDue(off, null, at('2026-11-26T03:00:30'), started)).toBe(false);
  });

  it('takes only a time of day as HH:MM', () => {
    for (const bad of ['3:00', '24:00', '03:60', '03:00:00', 'noon'])
      expect(DatabaseSettings.shape.backup_time.safeParse(bad).success, bad).toBe(false);
    expect(DatabaseSettings.shape.backup_time.safeParse('23:59').success).toBe(true);
  });
});
