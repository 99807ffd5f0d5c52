import type { Device } from '../../domain/contract/account';
import { browserNameOf, deviceNameOf } from '../../domain/deviceName';
import type { DeviceRow } from './devices.sql';

/** A session's device and browser, as the rep names them (domain/deviceName.ts). */
export function deviceLabel(userAgent: string | null): { device: string; browser: string } {
  return { device: deviceNameOf(userAgent), browser: browserNameOf(userAgent) };
}

/** A session as the devices list shows it: its public id, never the stored one; no raw User-Agent. */
export function presentDevice(row: DeviceRow): Device {
  return {
    id: row.public_id,
    ...deviceLabel(row.user_agent),
    lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
    signedInAt: row.created_at ? new Date(row.created_at).toISOString() : null,
    current: row.current,
  };
}
