import { describe, expect, it } from 'vitest';
import { CHECKOUT_PATH, redirectDestination, signInDestination } from './signInDestination';

describe('signInDestination (the app and the server follow it alike)', () => {
  it("a tool card's sign-in page leads to the card's tool, as the app opens it after its own sign-in", () => {
    expect(signInDestination({ redirect: 'pricing', tool: 'gtmplan' })).toBe('/chat?flow=gtmplan');
    expect(signInDestination({ redirect: 'pricing', tool: 'objection' })).toBe(
      '/chat?flow=objection',
    );
    expect(signInDestination({ redirect: 'pricing', tool: 'competitive' })).toBe('/competitive');
    expect(signInDestination({ redirect: 'pricing', tool: 'none' })).toBe('/chat');
    // Not a card's link (a card always says redirect=pricing), or a tool we do not have: the redirect alone.
    expect(signInDestination({ redirect: 'dashboard', tool: 'gtmplan' })).toBe('/dashboard');
    expect(signInDestination({ redirect: 'pricing', tool: 'nonsense' })).toBe('/pricing');
    expect(signInDestination({ redirect: undefined, tool: undefined })).toBe('/chat');
  });

  it('a redirect names a page of the app, with its query, or nothing', () => {
    expect(redirectDestination('checkout')).toBe(CHECKOUT_PATH);
    expect(redirectDestination('chat-selection')).toBe('/chat');
    expect(redirectDestination('onboarding?analysis=42')).toBe('/onboarding?analysis=42');
    expect(redirectDestination('share?text=hi')).toBe('/share?text=hi');
    expect(redirectDestination('pro/gtm-advisor?flow=demo')).toBe('/pro/gtm-advisor?flow=demo');
    // The setup link's sign-in comes back to claim; an operator signed out on Settings goes back there.
    expect(redirectDestination('setup')).toBe('/setup');
    expect(redirectDestination('settings/model')).toBe('/settings/model');
    // Signed out on the account, the profile or the sales kit: back there after signing in.
    expect(redirectDestination('account')).toBe('/account');
    expect(redirectDestination('profile')).toBe('/profile');
    expect(redirectDestination('kit')).toBe('/kit');
    expect(redirectDestination('debrief')).toBe('/debrief');
    for (const elsewhere of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'pricing/../..//evil.example',
      'evil.example',
      'auth/login',
      'callback',
      '',
      '  ',
    ]) {
      expect(redirectDestination(elsewhere), elsewhere).toBeUndefined();
    }
  });
});
