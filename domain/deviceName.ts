/**
 * The kind of device a browser runs on, as a rep names it ('iPhone', 'Mac', 'Android phone'), from
 * its User-Agent: what a passkey is listed under, beside the day it was added. Unknown: 'This device'.
 */
export function deviceNameOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? 'Android phone' : 'Android tablet';
  if (/CrOS/.test(ua)) return 'Chromebook';
  if (/Macintosh|Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows PC';
  if (/Linux/.test(ua)) return 'Linux computer';
  return 'This device';
}

/** A passkey as the account screen names it: its device and the day it was added, 'iPhone · 26 Nov 2026'. */
export function passkeyLabel(deviceName: string, createdAt: string | Date): string {
  const day = new Date(createdAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `${deviceName} · ${day}`;
}
