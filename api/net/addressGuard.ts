/**
 * Which addresses the server may fetch for a user (a calendar's iCal address, a web page): any URL a
 * user typed is a way to make the server ask something on its own network. Only public unicast
 * addresses pass; loopback, private, link-local (and the cloud metadata service there), carrier-grade
 * NAT, multicast, documentation and reserved ranges do not, in IPv4 and IPv6 alike (an IPv4 address
 * written inside IPv6 is judged as the IPv4 one). Pure functions: guardedFetch.ts applies them to
 * every address a name resolves to, at connect time and after each redirect.
 */
import { isIP } from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'shared'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'invalid';

/** IPv4 ranges that are not the public internet: [first address, prefix length, class]. */
const IPV4_RANGES: [string, number, AddressClass][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.169.254', 32, 'metadata'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function classifyIpv4(address: string): AddressClass {
  const n = ipv4ToNumber(address);
  for (const [base, bits, kind] of IPV4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = ipv4ToNumber(base);
    if (n >= start && n < start + size) return kind;
  }
  return 'public';
}

/** An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail made two groups). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToNumber(v4[1]!);
    text = `${text.slice(0, -v4[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill('0'), ...right].map((g) =>
    Number.parseInt(g || '0', 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

function classifyIpv6(address: string): AddressClass {
  const g = ipv6Groups(address);
  if (!g) return 'invalid';
  const [a, b] = [g[0]!, g[1]!];
  if (g.every((x) => x === 0)) return 'unspecified';
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d): the IPv4 address.
  const embedded = `${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`;
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0))
    return classifyIpv4(embedded);
  // NAT64 (64:ff9b::/96) carries an IPv4 address too.
  if (a === 0x64 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return classifyIpv4(embedded);
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  if (a === 0x2001 && b === 0x0db8) return 'documentation';
  if (a === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return 'reserved';
  // 2002::/16 (6to4) wraps an IPv4 address in groups 2 and 3.
  if (a === 0x2002) return classifyIpv4(`${b >> 8}.${b & 0xff}.${g[2]! >> 8}.${g[2]! & 0xff}`);
  return (a & 0xe000) === 0x2000 ? 'public' : 'reserved';
}

/** What kind of address `address` (an IP literal, v4 or v6) is. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return classifyIpv4(bare);
  if (family === 6) return classifyIpv6(bare);
  return 'invalid';
}

export interface GuardRules {
  /** Plain http is let through too (development only). */
  allowHttp: boolean;
  /** Loopback addresses pass (tests, with a setting of their own; never production). */
  allowLoopback: boolean;
}

/** Why a URL may not be fetched, in words for the rep; null when it may. Names are resolved later. */
export function whyUrlRefused(url: string, rules: GuardRules): string | null {
  if (!URL.canParse(url)) return 'That is not a web address.';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(rules.allowHttp && parsed.protocol === 'http:'))
    return 'Only https:// addresses can be used.';
  if (parsed.username || parsed.password)
    return 'An address with a user name or password in it cannot be used.';
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return whyAddressRefused(host, rules);
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return rules.allowLoopback && host === 'localhost'
      ? null
      : 'That address is not on the public internet.';
  return null;
}

/** Why a resolved address may not be connected to; null when it may. */
export function whyAddressRefused(address: string, rules: GuardRules): string | null {
  const kind = classifyAddress(address);
  if (kind === 'public' || (kind === 'loopback' && rules.allowLoopback)) return null;
  return 'That address is not on the public internet.';
}
