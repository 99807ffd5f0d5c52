import { describe, expect, it } from 'vitest';
import type { ProfileValues } from '../contract/profile';
import { draftChatReply } from './chat';
import { passageExcerpt, passagesToQuote, questionTerms } from './kitAnswer';

const PROFILE: ProfileValues = {
  company: 'Pipewise',
  product: 'Sales onboarding for small teams',
  valueProposition: 'We cut new-rep ramp time from 6 months to 10 weeks.',
  pricing: '$49 a seat a month, billed yearly; a free pilot for one team.',
  competitors: 'HubSpot: a CRM first, onboarding as an add-on; we cost a third of it.',
  proofPoints: 'Freightly cut ramp time by 40% in one quarter.',
};

/** What the kit's search might find: the battlecard, the price sheet, and a note that only says 'say'. */
const FOUND = [
  {
    fileName: 'Battlecard.pdf',
    page: 2,
    text: 'Pipewise vs HubSpot.\n\nHubSpot Sales Hub costs $90 a seat for the features reps use. Pipewise costs $49 a seat, and onboarding is included. Most teams switch in a week.',
  },
  {
    fileName: 'Pricing.md',
    page: null,
    text: 'Pricing\n\nPipewise is $49 a seat a month, billed yearly. A pilot for one team is free for 30 days.',
  },
  { fileName: 'Call notes.md', page: null, text: 'They say a lot of things on calls.' },
];

/** The chat's answer with no model, as the server's drafter writes it for a free-chat question. */
const answer = (question: string, pro = true, profile: ProfileValues = PROFILE) =>
  draftChatReply(
    'none',
    question,
    undefined,
    'Sam Lee',
    pro,
    profile,
    passagesToQuote(question, FOUND),
  );

describe('the chat without a model answers from what the rep has', () => {
  it("'they say we're too expensive compared to HubSpot': the battlecard quoted as [1], the library's price objection written from the profile, the profile's pricing and competitors, and the objection guide", () => {
    const question = "they say we're too expensive compared to HubSpot";
    // Only the battlecard speaks of HubSpot; the call note matched on 'say' alone and is left out.
    expect(passagesToQuote(question, FOUND).map((p) => p.fileName)).toEqual(['Battlecard.pdf']);
    expect(answer(question)).toBe(
      [
        'No AI model is connected, so this is from your sales kit, Pitchpad’s objection library and your profile.',
        '**From your sales kit**',
        '> “HubSpot Sales Hub costs $90 a seat for the features reps use. Pipewise costs $49 a seat, and onboarding is included.” [1]',
        "**“It's too expensive”**, from Pitchpad’s objection library",
        '_Why it comes up:_ Price is rarely the real issue on its own: the value has not been tied to a number they care about yet.',
        [
          'Isolate and test:',
          '- **Isolate:** Ask whether price is the only thing in the way: "If the price worked, is there anything else stopping us?"',
          '- **Test:** Put the price next to the outcome: we cut new-rep ramp time from 6 months to 10 weeks. Ask what that outcome is worth to them over a year.',
          '- **Respond:** Show the evidence: Freightly cut ramp time by 40% in one quarter. Then offer a smaller first step rather than a discount.',
          '- **Follow-up question:** What would it need to pay back, and by when, for this to be an easy yes?',
        ].join('\n'),
        [
          '**From your profile**',
          '- **Pricing:** $49 a seat a month, billed yearly; a free pilot for one team.',
          '- **Competitors and how we differ:** HubSpot: a CRM first, onboarding as an add-on; we cost a third of it.',
        ].join('\n'),
        '[Build an objection guide](/chat?flow=objection)',
      ].join('\n\n'),
    );
    // A free rep reads the same answer, and is told the guide is Pro instead of being sent to it.
    const free = answer(question, false);
    expect(free).toContain("**“It's too expensive”**");
    expect(free).toContain('Objection guides are a **Pro** tool');
    expect(free).not.toContain('/chat?flow=');
  });

  it("'what's our pricing': the profile's pricing first, then the price sheet's heading and sentence as [1], and no idea worksheet", () => {
    const reply = answer("what's our pricing");
    expect(reply).toBe(
      [
        'No AI model is connected, so this is from your sales kit and your profile.',
        '**From your profile**\n- **Pricing:** $49 a seat a month, billed yearly; a free pilot for one team.',
        '**From your sales kit**',
        '> “Pricing: Pipewise is $49 a seat a month, billed yearly.” [1]',
        '[Draft it as a cold email](/chat?flow=email)',
      ].join('\n\n'),
    );
    // A profile without pricing says so and where to add it.
    const bare = draftChatReply('none', "what's our pricing", undefined, undefined, true, {});
    expect(bare).toContain(
      'Your profile doesn’t say your pricing yet: [add it to your profile](/profile).',
    );
    expect(bare).not.toContain('idea worksheet');
    expect(bare.match(/No AI model/g)).toHaveLength(1);
  });

  it("'what do we do' and 'who do we sell to' answer from the profile's fields, saying so", () => {
    expect(answer('what do we do')).toContain(
      '**From your profile**\n- **Company:** Pipewise\n- **The product in one line:** Sales onboarding for small teams\n- **Value proposition:** We cut new-rep ramp time from 6 months to 10 weeks.',
    );
    expect(answer('who do we sell to')).toContain(
      'Your profile doesn’t say your ideal customer yet: [add it to your profile](/profile).',
    );
  });

  it("'write to Dana at Freightly': a button that opens the cold email flow with Dana filled in", () => {
    expect(answer('write to Dana at Freightly')).toBe(
      'No AI model is connected, so I’ll draft it from your answers: three quick questions, with the recipient filled in.\n\n[Write the cold email to Dana at Freightly](/chat?flow=email&prefill=Dana%20at%20Freightly)',
    );
    // With a passage of the kit about Freightly, it is quoted before the button.
    const withKit = draftChatReply(
      'none',
      'write to Dana at Freightly',
      undefined,
      'Sam',
      true,
      {},
      [
        {
          fileName: 'Freightly.md',
          page: null,
          text: 'Freightly runs 40 depots and hires 20 reps a year.',
        },
      ],
    );
    expect(withKit).toContain('> “Freightly runs 40 depots and hires 20 reps a year.” [1]');
    expect(withKit).toContain(
      '[Write the cold email to Dana at Freightly](/chat?flow=email&prefill=Dana%20at%20Freightly)',
    );
    // A free rep is told cold emails are Pro, with no link into the flow.
    expect(answer('write to Dana at Freightly', false)).toContain('Cold emails are a **Pro** tool');
    expect(answer('write to Dana at Freightly', false)).not.toContain('/chat?flow=');
  });

  it('a question nothing matches says so once and offers the flows', () => {
    expect(answer('what is the weather on Mars')).toBe(
      'No AI model is connected, and nothing in your sales kit, Pitchpad’s objection library or your profile matches this.\n\nDrafted from your answers right now:\n\n[Cold email](/chat?flow=email) [Objection guide](/chat?flow=objection) [GTM plan](/chat?flow=gtmplan) [Customer personas](/chat?flow=demo) [Idea worksheet](/onboarding)',
    );
    const free = answer('what is the weather on Mars', false);
    expect(free).toContain('[Idea worksheet](/onboarding)');
    expect(free).toContain('**Pro** tools');
    expect(free).not.toContain('/chat?flow=');
  });

  it("a prospect's pushback names its audience, or an investor's objection by two of its words", () => {
    expect(answer('they say the market is too small')).toContain('**“The market is too small”**');
    expect(answer('investors worry about our traction')).toContain(
      '**“It is too early; come back when you have more traction”**',
    );
    // 'too small' alone from a customer is about trusting a small vendor.
    expect(answer('they told me we are too small for them')).toContain(
      "**“You're too small/new for us to rely on”**",
    );
  });

  it('quotes a sentence or two around the match, at most three passages, with no Markdown of the document let through', () => {
    expect(questionTerms("What's our pricing vs HubSpot?")).toEqual(['pric', 'hubspot']);
    const long = `${'Intro sentence here. '.repeat(20)}Our price is $49 a seat [see](/chat?flow=email). ${'More words follow. '.repeat(20)}`;
    const excerpt = passageExcerpt(long, ['pric']);
    expect(excerpt.startsWith('…Our price is $49 a seat')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(281);
    const many = Array.from({ length: 5 }, (_, i) => ({
      fileName: `Deck ${i}.pdf`,
      page: i,
      text: `Pricing slide ${i}: $49 a seat.`,
    }));
    const reply = draftChatReply('none', 'our pricing', undefined, undefined, true, {}, [
      ...passagesToQuote('our pricing', many),
      { fileName: 'x.md', page: null, text: 'Pricing [click](/chat?flow=gtmplan) *now*' },
    ]);
    expect(reply).toContain('[3]');
    expect(reply).not.toContain('[4]');
    expect(passagesToQuote('our pricing', many)).toHaveLength(3);
    expect(
      draftChatReply('none', 'pricing', undefined, undefined, true, {}, [
        { fileName: 'x.md', page: null, text: 'Pricing [click](/chat?flow=gtmplan) *now*' },
      ]),
    ).toContain('> “Pricing \\[click\\](/chat?flow=gtmplan) \\*now\\*” [1]');
  });
});
