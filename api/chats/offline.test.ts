import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_ON, startTestServer, type TestServer } from '../../tests/support/server';
import { postStream } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { buildSend } from '../../tests/factories/chats';

// No model configured: the offline drafter answers from the rep's own answers.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(PAYMENTS_ON);
});
afterAll(() => server?.close());

describe('the offline drafter', () => {
  it('is the only model in the picker, labelled as such', async () => {
    const { client } = await loggedInClient(server);
    expect((await client.get('/api/models')).body).toEqual({
      models: [{ id: 'offline-drafter', label: 'Offline drafter', group: 'offline' }],
      defaultModel: 'offline-drafter',
    });
  });

  it('answers a free question nothing of the rep’s matches honestly and briefly, offering a free user what they can use and saying which tools are Pro', async () => {
    const { client } = await loggedInClient(server);
    const send = buildSend('What is the TAM for dog-walking apps in Berlin?', {
      llmParams: { model: 'gpt-4o' },
    });
    const res = await client.post('/api/chat', send);
    expect(res.status).toBe(200);
    expect(res.body.message.model).toBe('offline-drafter');
    const content: string = res.body.message.content;
    expect(content).toBe(
      'No AI model is connected, and nothing in your sales kit, Pitchpad’s objection library or your profile matches this. The idea worksheet works it out with your own numbers.\n\n[Open the idea worksheet](/onboarding)',
    );
    expect(content).not.toMatch(/\$\d|billion|million|OPENAI|_URL|_KEY/);
    // A Pro tool asked for by a free user: said plainly to be Pro, with no link into the locked flow.
    const email = (
      await client.post('/api/chat', buildSend('write a cold email to Dana Ortiz at Freightly'))
    ).body.message.content as string;
    expect(email).toContain('Cold emails are a **Pro** tool');
    expect(email).toContain('[Idea worksheet](/onboarding)');
    expect(email).not.toContain('/chat?flow=');
  });

  it('answers "write a cold email to Dana Ortiz at Freightly" for a Pro user with a button that opens the cold email flow, recipient filled', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const res = await client.post(
      '/api/chat',
      buildSend('write a cold email to Dana Ortiz at Freightly'),
    );
    expect(res.status).toBe(200);
    const content: string = res.body.message.content;
    expect(content).toContain(
      '[Write the cold email to Dana Ortiz at Freightly](/chat?flow=email&prefill=Dana%20Ortiz%20at%20Freightly)',
    );
    expect(content.length).toBeLessThan(300);
    expect(content).not.toMatch(/OPENAI|_URL|_KEY|restart/);
  });

  it("drafts a finished cold email flow from the rep's answers", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const answers = {
      recipient_info: 'Dana Ortiz, VP Sales at Freightly',
      value_prop: 'we cut rep ramp time to 10 weeks',
      booking_link: 'https://cal.com/sam',
    };
    const res = await client.post(
      '/api/chat',
      buildSend('Write a cold email (composed prompt)', { playbookType: 'email', answers }),
    );
    expect(res.body.message.model).toBe('offline-drafter');
    expect(res.body.message.content).toContain('**Subject:** Idea for Freightly');
    expect(res.body.message.content).toContain('Hi Dana,');
    expect(res.body.message.content).toContain('https://cal.com/sam');
  });

  it("signs a cold email with the rep's profile and asks through its booking link, when the answers name only the recipient (and Bob's email carries none of Alice's)", async () => {
    const alice = await loggedInClient(server, { pro: true });
    const now = new Date().toISOString();
    const profile = {
      company: 'Pipewise',
      valueProposition: 'We cut new-rep ramp time from 6 months to 10 weeks.',
      bookingLink: 'cal.com/alice/20min',
      signatureName: 'Alice Park',
      signatureRole: 'Founder',
      signaturePhone: '+1 415 555 0100',
    };
    const saved = await alice.client.patch('/api/profile', {
      edits: Object.entries(profile).map(([field, value]) => ({
        field,
        value,
        editedAt: now,
        base: null,
      })),
    });
    expect(saved.status).toBe(200);
    const send = buildSend('Write a cold email (composed prompt)', {
      playbookType: 'email',
      answers: { recipient_info: 'Dana Ortiz, VP Sales at Freightly' },
    });
    const draft: string = (await alice.client.post('/api/chat', send)).body.message.content;
    expect(draft).toContain('We cut new-rep ramp time from 6 months to 10 weeks.');
    expect(draft).toContain(
      'Would a 20-minute call next week be useful? You can pick a time that suits you at https://cal.com/alice/20min',
    );
    expect(draft).toContain('Best regards,\nAlice Park\nFounder, Pipewise\n+1 415 555 0100');
    // Regenerated, from the profile as it is read again.
    const again = await alice.client.post(`/api/chats/${send.chatId}/regenerate`, {});
    expect(again.body.message.content).toBe(draft);

    const bob = await loggedInClient(server, { pro: true });
    const his = (
      await bob.client.post(
        '/api/chat',
        buildSend('Write a cold email (composed prompt)', {
          playbookType: 'email',
          answers: { recipient_info: 'Dana Ortiz, VP Sales at Freightly' },
        }),
      )
    ).body.message.content as string;
    expect(his).not.toMatch(/Alice|Pipewise|cal\.com|ramp time/);
    expect(his).toMatch(/Best regards,(?:\n[^\n]+)?\n\n_Offline draft/);
  });

  it("regenerates a cold email flow's draft from the answers kept with the flow's message, from any device", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const answers = {
      recipient_info: 'Priya Shah, Head of Ops at Tidal',
      value_prop: 'we halve the time ops teams spend on vendor onboarding',
      booking_link: 'https://cal.com/ada',
    };
    const send = buildSend('Write a cold email (composed prompt)', {
      playbookType: 'email',
      answers,
    });
    expect((await client.post('/api/chat', send)).status).toBe(200);
    // Another device: it holds the message, not the answers.
    const res = await client.post(`/api/chats/${send.chatId}/regenerate`, {});
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      role: 'assistant',
      status: 'complete',
      model: 'offline-drafter',
    });
    const draft: string = res.body.message.content;
    expect(draft).toContain('**Subject:** Idea for Tidal');
    expect(draft).toContain('Hi Priya,');
    expect(draft).toContain('halve the time ops teams spend on vendor onboarding');
    expect(draft).toContain('https://cal.com/ada');
    expect(draft).not.toContain('no language model is configured');
    const stored = await client.get(`/api/chats/${send.chatId}`);
    expect(stored.body.messages.map((m: { content: string }) => m.content)).toEqual([
      send.messages[0]!.content,
      draft,
    ]);
  });

  it('drafts a persona sheet and a GTM plan document from answers', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const persona = await client.post(
      '/api/chat',
      buildSend('personas', {
        playbookType: 'demo',
        answers: { company_name: 'Pipewise', industry: 'saas', key_titles: 'Ops managers' },
      }),
    );
    expect(persona.body.message.content).toMatch(/^# Customer persona sheet: Pipewise/);
    expect(persona.body.message.content).toContain('**Industry:** SaaS');
    const plan = await client.post(
      '/api/chat',
      buildSend('plan', {
        playbookType: 'gtmplan',
        answers: { product_service: 'A CRM for plumbers' },
      }),
    );
    expect(plan.body.message.content).toMatch(/^# Go-to-Market Plan/);
  });

  it('streams its answer like a model does', async () => {
    const { client } = await loggedInClient(server);
    const { events } = await postStream(client, '/api/chat', buildSend('Hello'));
    expect(events[0]!.event).toBe('start');
    const text = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { message: { status: 'complete', model: 'offline-drafter', content: text } },
    });
    expect(text.length).toBeGreaterThan(100);
  });

  it('says value propositions need a model (503), so the app uses its fallback', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const res = await client.post('/api/chat/value-props', {
      prompt: 'Three value propositions please',
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(
      'No AI model is connected to this Pitchpad yet, so it cannot write value propositions. An operator can connect one in Settings → Model.',
    );
    expect(res.body.message).not.toMatch(/[A-Z]+_[A-Z_]+/);
  });

  it("drafts the value proposition flow's three options from the rep's own answers, quoting them, labelled as drafts, with no general filler", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const answers = {
      founding_journey: 'customers',
      building: 'A close tool for finance teams',
      problems: 'Month-end close takes nine days',
      users: 'Accountants',
      buyers: 'The CFO',
    };
    const res = await client.post('/api/chat/value-props', {
      prompt: 'Based on these answers, write 3 distinct value propositions…',
      answers,
    });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('offline-drafter');
    expect(res.body.propositions).toEqual([
      'For Accountants: no more “Month-end close takes nine days”, with a close tool for finance teams.',
      '“Month-end close takes nine days”? A close tool for finance teams solves it for the CFO.',
      // No features typed: an instruction in their place.
      'What a close tool for finance teams brings the CFO: [Needs your words: the three or four features that make it work].',
    ]);
    // The same options as a numbered list, for a client that reads only `content`.
    expect(res.body.content).toBe(
      (res.body.propositions as string[]).map((p, i) => `${i + 1}. ${p}`).join('\n'),
    );
    expect(res.body.content).not.toMatch(
      /Save your team hours|Make better decisions|Grow revenue|customers love|\d+%/,
    );
  });

  it("answers a Pro rep's finished call analysis with a call review worksheet from the transcript, not an offer of another tool", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const transcript =
      'Dana Ortiz: Month-end close takes us nine days, it is a headache.\nSam Lee: I will send over a pilot plan and book a follow-up next week.';
    const res = await client.post(
      '/api/chat',
      buildSend('Analyze this customer call (composed prompt)', {
        playbookType: 'call',
        answers: { transcript, call_type: 'discovery' },
      }),
    );
    expect(res.status).toBe(200);
    const content: string = res.body.message.content;
    expect(content).toMatch(/^# Call review worksheet/);
    expect(content).toContain(
      '> Dana Ortiz: Month-end close takes us nine days, it is a headache.',
    );
    expect(content).not.toContain('objection guide');
  });

  it("'no model' has its own code (503 no_model), not the 'unavailable' of an outage", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const res = await client.post('/api/chat/value-props', {
      prompt: 'Three value propositions please',
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('no_model');
  });
});

describe('the follow-up email and CRM note flows, with no model', () => {
  const notes =
    'Dana Ortiz: Ramp time is our biggest problem this year.\nDana Ortiz: We are worried about the price.\nSam Lee: I will send the pilot proposal by Friday.';

  it("drafts a Pro user's follow-up email from the notes, signed and linked from the profile, in a chat named for the recipient", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const now = new Date().toISOString();
    const profile = {
      company: 'Pipewise',
      bookingLink: 'https://cal.com/sam/30min',
      signatureName: 'Sam Lee',
      signatureRole: 'Account Executive',
    };
    await client.patch('/api/profile', {
      edits: Object.entries(profile).map(([field, value]) => ({
        field,
        value,
        editedAt: now,
        base: null,
      })),
    });
    const send = buildSend('Write a follow-up email (composed prompt)', {
      playbookType: 'followup',
      answers: { meeting_notes: notes, recipient: 'Dana Ortiz, VP Sales at Freightly' },
    });
    const res = await client.post('/api/chat', send);
    expect(res.status).toBe(200);
    expect(res.body.message.model).toBe('offline-drafter');
    const content: string = res.body.message.content;
    expect(content).toContain('**Subject:** Recap and next steps: Freightly');
    expect(content).toContain('Hi Dana,');
    expect(content).toContain('- I will send the pilot proposal by Friday.');
    expect(content).toContain('https://cal.com/sam/30min');
    expect(content).toContain('Best regards,\nSam Lee\nAccount Executive, Pipewise');
    const chat = (await client.get(`/api/chats/${send.chatId}`)).body;
    expect(chat.chat ?? chat).toMatchObject({
      title: 'Follow-up: Dana Ortiz at Freightly',
      playbookType: 'followup',
    });
  });

  it("drafts a Pro user's CRM note with its five sections", async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const res = await client.post(
      '/api/chat',
      buildSend('Write a CRM note (composed prompt)', {
        playbookType: 'crmnote',
        answers: { meeting_notes: notes, account: 'Freightly', meeting_date: '2026-11-03' },
      }),
    );
    expect(res.status).toBe(200);
    const content: string = res.body.message.content;
    expect(content).toContain('# CRM note: Freightly');
    expect(content).toContain('## Risks\n\n- Dana Ortiz: We are worried about the price.');
    expect(content).toContain('## Stakeholders\n\n- Dana Ortiz\n- Sam Lee');
    expect(content).toContain('## Date\n\n2026-11-03');
  });

  it('refuses both flows to a free user with 403 pro_required, storing no chat', async () => {
    const { client } = await loggedInClient(server);
    for (const playbookType of ['followup', 'crmnote']) {
      const send = buildSend('Write it', { playbookType, answers: { meeting_notes: notes } });
      const res = await client.post('/api/chat', send);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('pro_required');
      expect((await client.get(`/api/chats/${send.chatId}`)).status).toBe(404);
    }
  });

  it('refuses a playbook type that is no flow', async () => {
    const { client } = await loggedInClient(server, { pro: true });
    const res = await client.post('/api/chat', buildSend('Write it', { playbookType: 'debrief' }));
    expect(res.status).toBe(400);
  });
});
