import type { Device } from '../../domain/contract/account';
import type { DeviceRow } from './devices.sql';

/**
 * A User-Agent as a person names the device: good enough to tell 'iPhone · Safari' from 'Mac ·
 * Chrome' on a list of one's own devices, which is all it is for (no version, no model). The order
 * matters: an iPad's and an Android's strings also say 'Mac' or 'Linux'; Edge, Opera and Samsung
 * Internet also say 'Chrome', and Chrome also says 'Safari'.
 */
export function deviceLabel(userAgent: string | null): { device: string; browser: string } {
  const ua = userAgent ?? '';
  const device = /iPhone|iPod/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? /Mobile/.test(ua)
          ? 'Android phone'
          : 'Android tablet'
        : /CrOS/.test(ua)
          ? 'Chromebook'
          : /Windows/.test(ua)
            ? 'Windows computer'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux computer'
                : 'Unknown device';
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrom(e|ium)\/|CriOS\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : 'Unknown browser';
  return { device, browser };
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
