/**
 * A browser's User-Agent as a person names its device and browser: good enough to tell 'iPhone ·
 * Safari' from 'Mac · Chrome' on a list of one's own devices and passkeys, which is all it is for (no
 * version, no model). First match wins, so the order matters: an iPad's and an Android's strings also
 * say 'Mac' or 'Linux'; Edge, Opera and Samsung Internet also say 'Chrome', and Chrome 'Safari'.
 */
const DEVICES: ReadonlyArray<readonly [RegExp, string]> = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android.*Mobile/, 'Android phone'],
  [/Android/, 'Android tablet'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows PC'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux computer'],
];
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS\//, 'Chrome'],
  [/Version\/.*Safari\//, 'Safari'],
];

const nameIn = (table: typeof DEVICES, ua: string | null | undefined) =>
  table.find(([pattern]) => pattern.test(ua ?? ''))?.[1];

/** The kind of device ('iPhone', 'Mac', 'Android phone'), or 'Unknown device' when the string does not say (never 'This device', which the devices list says of the one in hand). */
export function deviceNameOf(userAgent: string | null | undefined): string {
  return nameIn(DEVICES, userAgent) ?? 'Unknown device';
}

/** The browser ('Safari', 'Chrome', 'Edge'...), or 'Unknown browser'. */
export function browserNameOf(userAgent: string | null | undefined): string {
  return nameIn(BROWSERS, userAgent) ?? 'Unknown browser';
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
