import { describe, expect, it } from 'vitest';
import { draftColdEmail, emailDraftMarkdown, mailtoLink } from './coldEmail';
import { draftGtmPlan } from './gtmPlan';
import { GtmPlan } from '../contract/playbooks';

describe('the offline cold email', () => {
  it("is composed from the rep's answers", () => {
    const draft = draftColdEmail({
      recipient_info: 'Dana Ortiz, VP Sales at Freightly\nJust raised a Series B and is hiring 20 reps',
      value_prop: 'we cut new-rep ramp time from 6 months to 10 weeks',
      booking_link: 'https://cal.com/sam/20min',
    });
    expect(draft.subject).toBe('Idea for Freightly');
    expect(draft.body).toMatch(/^Hi Dana,/);
    expect(draft.body).toContain('Just raised a Series B and is hiring 20 reps');
    expect(draft.body).toContain('We cut new-rep ramp time from 6 months to 10 weeks.');
    expect(draft.body).toContain('https://cal.com/sam/20min');
    expect(draft.body.trim().endsWith('Best regards,')).toBe(true);
  });

  it('still makes a usable email from nothing', () => {
    const draft = draftColdEmail({});
    expect(draft.body).toMatch(/^Hi there,/);
    expect(draft.body).toContain('reply with a time');
  });

  it('opens in the mail app with subject and body', () => {
    const link = mailtoLink({ subject: 'Idea & more', body: 'Hi,\n\nThanks' });
    expect(link).toBe('mailto:?subject=Idea%20%26%20more&body=Hi%2C%0A%0AThanks');
    expect(emailDraftMarkdown({ subject: 'S', body: 'B' })).toBe('**Subject:** S\n\nB');
  });
});

describe('the offline GTM plan', () => {
  it('fits the plan shape, uses the answers and invents no figures', () => {
    const plan = draftGtmPlan({ product_service: 'A CRM for plumbers', company_type: 'bootstrapped', market_size: '50,000 plumbing firms in the US', pricing_strategy: 'tiered' });
    expect(GtmPlan.safeParse(plan).success).toBe(true);
    expect(plan.executiveSummary).toContain('A CRM for plumbers');
    expect(plan.marketAnalysis.marketOpportunity.tam).toBe('50,000 plumbing firms in the US');
    expect(plan.marketAnalysis.marketOpportunity.sam).toMatch(/To be completed/);
    expect(plan.gtmStrategy.pricingStrategy).toContain('Tiered');
    expect(JSON.stringify(plan)).not.toMatch(/\$\d/);
  });
});

describe('the offline persona sheet and objection guide', () => {
  it('arrange the answers and mark the gaps', async () => {
    const { draftPersonaSheet, draftObjectionGuide } = await import('./guides');
    const sheet = draftPersonaSheet({ company_name: 'Pipewise', industry: 'fintech', current_challenges: 'Month-end close takes 9 days' });
    expect(sheet).toContain('# Customer persona sheet: Pipewise');
    expect(sheet).toContain('**Industry:** Fintech');
    expect(sheet).toContain('Month-end close takes 9 days');
    expect(sheet).toContain('_(job titles: to be completed)_');
    const guide = draftObjectionGuide({ audience_type: 'investors', common_investor_objections: 'The market is too small. You have no moat.', traction: '$20k MRR' });
    expect(guide).toContain('# Objection guide: investors');
    expect(guide).toContain('### 1. "The market is too small."');
    expect(guide).toContain('### 2. "You have no moat."');
    expect(guide).toContain('**What traction do you have?** $20k MRR');
  });
});
