import { describe, expect, it } from 'vitest';
import { classifyAddress, whyUrlRefused, type AddressClass } from './addressGuard';

// The classifier as a pure function over a table: no connection is made to any of these.
describe('the address classifier', () => {
  it.each<[string, AddressClass]>([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['2001:db8::1', 'documentation'],
    // IPv4 inside IPv6 is judged as the IPv4 address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:93.184.216.34', 'public'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:c0a8:0101::1', 'private'],
    ['not an address', 'invalid'],
    ['999.1.1.1', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe('a URL a user gave', () => {
  const production = { allowHttp: false, allowLoopback: false };
  it.each<[string, string | null]>([
    ['https://calendar.google.com/calendar/ical/x/basic.ics', null],
    ['http://calendar.google.com/basic.ics', 'Only https:// addresses can be used.'],
    ['ftp://example.com/cal.ics', 'Only https:// addresses can be used.'],
    ['webcal://example.com/cal.ics', 'Only https:// addresses can be used.'],
    [
      'https://user:pass@example.com/cal.ics',
      'An address with a user name or password in it cannot be used.',
    ],
    ['https://127.0.0.1/cal.ics', 'That address is not on the public internet.'],
    ['https://[::1]/cal.ics', 'That address is not on the public internet.'],
    ['https://169.254.169.254/latest/meta-data', 'That address is not on the public internet.'],
    ['https://10.1.2.3/cal.ics', 'That address is not on the public internet.'],
    ['https://localhost/cal.ics', 'That address is not on the public internet.'],
    ['https://printer.localhost/cal.ics', 'That address is not on the public internet.'],
    ['https://intranet/cal.ics', 'That address is not on the public internet.'],
    ['nonsense', 'That is not a web address.'],
  ])('%s in production: %s', (url, why) => {
    expect(whyUrlRefused(url, production)).toBe(why);
  });

  it('lets plain http and loopback through only when the rules say so', () => {
    const tests = { allowHttp: true, allowLoopback: true };
    expect(whyUrlRefused('http://127.0.0.1:9000/cal.ics', tests)).toBeNull();
    expect(whyUrlRefused('http://localhost:9000/cal.ics', tests)).toBeNull();
    expect(whyUrlRefused('http://10.0.0.1/cal.ics', tests)).toBe(
      'That address is not on the public internet.',
    );
  });
});
