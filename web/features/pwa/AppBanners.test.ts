import { describe, expect, it } from 'vitest';
import { installOfferFits } from './AppBanners';

describe('where the install offer shows', () => {
  it.each(['/auth', '/auth/login', '/auth/register', '/setup', '/callback', '/login-pro'])(
    'not on %s, a sign-in or setup screen',
    (path) => {
      expect(installOfferFits(path)).toBe(false);
    },
  );

  it.each(['/', '/chat', '/about', '/pricing', '/dashboard', '/authors', '/setup-guide'])(
    'on %s',
    (path) => {
      expect(installOfferFits(path)).toBe(true);
    },
  );
});
