import { describe, expect, it } from 'vitest';
import { toolCardAction } from './toolCardDestination';

const email = { title: 'Generate Cold Emails', type: 'email' as const };
const gtm = { title: 'Build Your GTM Plan', type: 'gtmplan' as const };

describe('a landing PRO card click', () => {
  it('opens the PRO chat for a paid subscriber: email tools at /pro/email, the rest at /pro/gtm-advisor with their flow', () => {
    expect(toolCardAction({ signedIn: true, paid: true, tool: email })).toEqual({
      kind: 'open',
      to: '/pro/email',
    });
    expect(toolCardAction({ signedIn: true, paid: true, tool: gtm })).toEqual({
      kind: 'open',
      to: '/pro/gtm-advisor?flow=gtmplan',
    });
    expect(
      toolCardAction({ signedIn: true, paid: true, tool: { title: 'GTM Advice', type: 'none' } }),
    ).toEqual({ kind: 'open', to: '/pro/gtm-advisor' });
  });

  it('opens competitive intelligence on its own screen', () => {
    expect(
      toolCardAction({
        signedIn: true,
        paid: true,
        tool: { title: 'Competitive Intelligence', type: 'competitive' },
      }),
    ).toEqual({ kind: 'open', to: '/competitive' });
  });

  it('sends a signed-in free user to pricing for a PRO tool, and into the free chat for GTM Advice', () => {
    expect(toolCardAction({ signedIn: true, paid: false, tool: gtm })).toEqual({
      kind: 'upgrade',
      to: '/pricing',
    });
    expect(
      toolCardAction({ signedIn: true, paid: false, tool: { title: 'GTM Advice', type: 'none' } }),
    ).toEqual({ kind: 'open', to: '/chat' });
  });

  it('remembers the tool for a guest and sends them to log in, then to pricing', () => {
    expect(toolCardAction({ signedIn: false, paid: false, tool: email })).toEqual({
      kind: 'login',
      pending: { title: 'Generate Cold Emails', interviewType: 'email' },
      to: '/auth/login',
      redirect: 'pricing',
    });
  });
});
