import { describe, expect, it } from 'vitest';
import { deviceNameOf, passkeyLabel } from './deviceName';

describe('a passkey’s name', () => {
  it('names the device from its browser', () => {
    const cases: Array<[string | undefined, string]> = [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15', 'iPhone'],
      ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15', 'iPad'],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
        'Android phone',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36',
        'Android tablet',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 'Mac'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36', 'Windows PC'],
      ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36', 'Chromebook'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36', 'Linux computer'],
      [undefined, 'Unknown device'],
      ['curl/8.0', 'Unknown device'],
    ];
    for (const [ua, name] of cases) expect(deviceNameOf(ua), String(ua)).toBe(name);
  });

  it('is the device and the day it was added', () => {
    expect(passkeyLabel('iPhone', '2026-11-26T12:00:00Z')).toBe('iPhone · 26 Nov 2026');
  });
});
