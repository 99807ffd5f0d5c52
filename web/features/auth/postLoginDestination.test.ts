import { describe, expect, it } from 'vitest';
import { postLoginDestination } from './postLoginDestination';

const none = { postLoginTarget: null, pendingChat: null, redirect: undefined };

describe('postLoginDestination (in order of precedence)', () => {
  it('1. prefers a stored post-login target', () => {
    expect(
      postLoginDestination({
        postLoginTarget: '/checkout?plan=pro&billing=monthly',
        pendingChat: { title: 'Generate Cold Emails', interviewType: 'email' },
        redirect: 'pricing',
      }),
    ).toBe('/checkout?plan=pro&billing=monthly');
  });

  it('2. then a pending chat destination, which goes to /chat', () => {
    expect(
      postLoginDestination({
        ...none,
        pendingChat: { title: 'GTM Advice', interviewType: 'none' },
        redirect: 'pricing',
      }),
    ).toBe('/chat');
  });

  it('3. then the redirect parameter', () => {
    expect(postLoginDestination({ ...none, redirect: 'checkout' })).toBe(
      '/checkout?plan=pro&billing=monthly',
    );
    expect(postLoginDestination({ ...none, redirect: 'checkout-pro' })).toBe(
      '/checkout?plan=pro&billing=monthly',
    );
    expect(postLoginDestination({ ...none, redirect: 'chat-selection' })).toBe('/chat');
    expect(postLoginDestination({ ...none, redirect: 'pricing' })).toBe('/pricing');
    expect(postLoginDestination({ ...none, redirect: 'dashboard' })).toBe('/dashboard');
  });

  it("the setup link's sign-in goes back to claim, whatever a guest left in storage before", () => {
    const stored = {
      postLoginTarget: '/checkout?plan=pro&billing=monthly',
      pendingChat: { title: 'Generate Cold Emails', interviewType: 'email' as const },
    };
    expect(postLoginDestination({ ...stored, redirect: 'setup' })).toBe('/setup');
    expect(postLoginDestination({ ...stored, redirect: 'settings/model' })).toBe('/settings/model');
    // Any other page named by redirect still comes after what the guest chose.
    expect(postLoginDestination({ ...stored, redirect: 'dashboard' })).toBe(
      '/checkout?plan=pro&billing=monthly',
    );
  });

  it('4. otherwise /chat', () => {
    expect(postLoginDestination(none)).toBe('/chat');
    expect(postLoginDestination({ ...none, redirect: '  ' })).toBe('/chat');
  });

  it('never leaves the app', () => {
    // A page the app does not have is not followed at all (domain/signInDestination.ts).
    expect(postLoginDestination({ ...none, redirect: '//evil.example' })).toBe('/chat');
    expect(postLoginDestination({ ...none, redirect: '/\\evil.example' })).toBe('/chat');
    expect(
      postLoginDestination({ ...none, postLoginTarget: '//evil.example', redirect: 'pricing' }),
    ).toBe('/pricing');
    expect(postLoginDestination({ ...none, postLoginTarget: 'https://evil.example' })).toBe(
      '/chat',
    );
  });
});
