// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GtmPlan } from '../../../domain/contract/playbooks';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { FALLBACK_VALUE_PROPS } from '../../../domain/playbooks/valueProposition';
import {
  VALUE_PROPS_DRAFT_NOTE,
  areDraftedValuePropositions,
  draftValuePropositions,
} from '../../../domain/drafts/valuePropositions';
import { GTM_API_ERROR_TOAST } from '../../../domain/playbooks/gtmPlan';
import {
  ApiError,
  OfflineError,
  RateLimitedError,
  SessionMismatchError,
  UnauthorizedError,
} from '../../data/api';
import { orderMessages } from '../../data/chatMerge';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { loadDraft } from '../../data/drafts';
import { flushOutbox } from '../../data/outbox';
import type { ToastOptions } from '../../ui/toaster';
import { listHistory } from '../history/workflowStore';
import { saveProfileEdits } from '../profile/profileStore';
import { CARRIED_VALUE_PROPOSITION_KEY, resumeFlow, saveFlowAnswer } from './flowDrafts';
import { finishFlow, type FinishDeps } from './finishFlow';
import { GTM_PLAN_MODEL, PLAN_BACKOFF_MAX_MS, planHandlers, planBackoff } from './flowResults';
import { InterviewCard } from './InterviewCard';
import { useFlowSession, type FlowSessionDeps } from './useFlowSession';
import { buildFlowSessionDeps } from '../../../tests/factories/flowSession';

let db: PitchpadDb;
let userId = 7000;
const posted: Array<{ url: string; body: unknown }> = [];

beforeEach(() => {
  db = openUserDb(++userId);
  posted.length = 0;
  // The history's own calls (POST /api/workflows) go through the app's client and fetch.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url === '/api/csrf-token') return Response.json({ csrfToken: 't' });
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    posted.push({ url, body });
    return Response.json(
      { ...body, date: body?.date ?? new Date().toISOString() },
      { status: 201 },
    );
  });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await clearUserData();
});

const sessionDeps = (overrides?: Partial<FlowSessionDeps>) => buildFlowSessionDeps(db, overrides);

describe('a running flow', () => {
  it('saves every answer as typed and reopens at the same step after a reload', async () => {
    const deps = sessionDeps();
    const first = renderHook(() => useFlowSession('email', deps));
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    act(() => first.result.current.setAnswer('Dana Ortiz, VP Sales at Freightly'));
    act(() => first.result.current.submit());
    act(() => first.result.current.setAnswer('We cut ramp time in half'));
    act(() => first.result.current.submit());
    act(() => first.result.current.setAnswer('https://cal.com/ada'));
    expect(first.result.current.view?.counter).toBe('Question 3 of 3');
    await waitFor(async () =>
      expect((await loadDraft(db, 'email'))?.booking_link).toBe('https://cal.com/ada'),
    );
    first.unmount();

    // The page is reloaded: a new session reads the draft.
    const again = sessionDeps();
    const second = renderHook(() => useFlowSession('email', again));
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
    expect(second.result.current.view?.counter).toBe('Question 3 of 3');
    expect(second.result.current.view?.value).toBe('https://cal.com/ada');
    expect(second.result.current.progress?.answers.recipient_info).toBe(
      'Dana Ortiz, VP Sales at Freightly',
    );
  });

  it("shows the spec's alert for a short transcript and stays on the step", async () => {
    const deps = sessionDeps();
    const { result } = renderHook(() => useFlowSession('call', deps));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.setAnswer('Hi there'));
    act(() => result.current.submit());
    expect(deps.alert).toHaveBeenCalledWith(
      'Please provide a longer transcript for meaningful analysis (at least 50 characters)',
    );
    expect(result.current.view?.question.id).toBe('transcript');
  });

  it('generates the value propositions, falls back to generic ones on failure, and finishes 500 ms after a pick', async () => {
    const post = vi.fn().mockRejectedValueOnce(new ApiError('No model', 503, {}));
    const onFinish = vi.fn(async () => {});
    const deps = sessionDeps({ api: { post }, onFinish });
    const { result } = renderHook(() => useFlowSession('playbook', deps));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.pick('idea'));
    for (const text of ['A CRM for plumbers', 'Missed calls', 'Plumbers', 'Owners']) {
      act(() => result.current.setAnswer(text));
      act(() => result.current.submit());
    }
    act(() => result.current.setAnswer('Call capture'));
    expect(result.current.view?.primaryLabel).toBe('Create Sales Pitch');
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.progress?.options).toEqual(FALLBACK_VALUE_PROPS));
    expect(post).toHaveBeenCalledWith('/api/chat/value-props', {
      prompt: expect.stringContaining('What are you building? A CRM for plumbers'),
      answers: expect.objectContaining({ building: 'A CRM for plumbers' }),
    });

    vi.useFakeTimers();
    act(() => result.current.pick(FALLBACK_VALUE_PROPS[1]!));
    expect(result.current.picked).toBe(FALLBACK_VALUE_PROPS[1]);
    await act(async () => vi.advanceTimersByTime(499));
    expect(onFinish).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(onFinish).toHaveBeenCalledWith(
      expect.objectContaining({
        founding_journey: 'idea',
        value_proposition: FALLBACK_VALUE_PROPS[1],
      }),
    );
  });

  it('parses the generated list when the call works', async () => {
    const post = vi.fn().mockResolvedValue({
      content: '1. Close more deals\n2. Ramp reps faster\n3. Never miss a call',
    });
    const deps = sessionDeps({ api: { post } });
    const { result } = renderHook(() => useFlowSession('playbook', deps));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.pick('idea'));
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      act(() => result.current.setAnswer(text));
      act(() => result.current.submit());
    }
    await waitFor(() =>
      expect(result.current.progress?.options).toEqual([
        'Close more deals',
        'Ramp reps faster',
        'Never miss a call',
      ]),
    );
  });

  describe('with no model connected', () => {
    const ANSWERS = ['A CRM for plumbers', 'Missed calls', 'Plumbers', 'Owners', 'Call capture'];
    async function reachOptions(post: FlowSessionDeps['api']['post']) {
      const deps = sessionDeps({ api: { post } });
      const hook = renderHook(() => useFlowSession('playbook', deps));
      await waitFor(() => expect(hook.result.current.status).toBe('ready'));
      act(() => hook.result.current.pick('product'));
      for (const text of ANSWERS) {
        act(() => hook.result.current.setAnswer(text));
        act(() => hook.result.current.submit());
      }
      await waitFor(() => expect(hook.result.current.progress?.options).toHaveLength(3));
      return hook.result.current;
    }
    const FROM_ANSWERS = draftValuePropositions({
      founding_journey: 'product',
      building: 'A CRM for plumbers',
      problems: 'Missed calls',
      users: 'Plumbers',
      buyers: 'Owners',
      features: 'Call capture',
    });

    it("offers the server's drafts of the rep's answers, quoting them, under a note saying so", async () => {
      const post = vi.fn().mockResolvedValue({
        content: 'ignored when the propositions come as written',
        source: 'offline-drafter',
        propositions: FROM_ANSWERS,
      });
      const session = await reachOptions(post);
      expect(session.progress?.options).toEqual([
        'For Plumbers: no more “Missed calls”, with a CRM for plumbers.',
        '“Missed calls”? A CRM for plumbers solves it for Owners.',
        'What a CRM for plumbers brings Owners: “Call capture”.',
      ]);
      for (const general of FALLBACK_VALUE_PROPS)
        expect(session.progress?.options).not.toContain(general);
      render(
        <InterviewCard
          view={session.view!}
          status={session.status}
          options={session.progress!.options}
          optionsNote={
            areDraftedValuePropositions(session.progress!.options!, session.progress!.answers)
              ? VALUE_PROPS_DRAFT_NOTE
              : undefined
          }
          picked={null}
          onChange={vi.fn()}
          onSubmit={vi.fn()}
          onBack={vi.fn()}
          onSkip={vi.fn()}
          onPick={vi.fn()}
        />,
      );
      expect(
        screen.getByText(
          'Drafted from your answers without a language model: pick the closest, then say it in your own words in the chat.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: FROM_ANSWERS[1] })).toBeTruthy();
    });

    it("drafts them here from the rep's answers with no connection, or from a server that says it has no model", async () => {
      const offline = await reachOptions(vi.fn().mockRejectedValue(new OfflineError()));
      expect(offline.progress?.options).toEqual(FROM_ANSWERS);
      cleanup();
      const noModel = await reachOptions(
        vi
          .fn()
          .mockRejectedValue(
            new ApiError('No AI model is connected', 503, { code: 'no_model', message: 'x' }),
          ),
      );
      expect(noModel.progress?.options).toEqual(FROM_ANSWERS);
    });
  });
});

const PLAN: GtmPlan = {
  executiveSummary: 'Plumbing CRM.',
  marketAnalysis: {
    targetMarket: 'Plumbers',
    competitiveLandscape: 'Spreadsheets',
    marketOpportunity: { tam: '$5B', sam: '$1B', som: '$50M' },
  },
  gtmStrategy: {
    valueProposition: 'Never miss a call',
    pricingStrategy: '$49/mo',
    channelStrategy: 'Trade shows',
    salesProcess: 'PLG',
    marketingPlan: 'Content',
  },
  executionTimeline: 'Q1 launch',
  financialProjections: '$1M ARR in 2 years',
  keyMetrics: ['MRR'],
  risksAndMitigation: 'Churn: onboarding',
};

/** POST /api/generate-gtm-plan as the server answers it when asked to keep the plan in a new chat. */
function serverKeepsPlan(stored: { id: number; content: string; at: string }) {
  return vi.fn(async (_path: string, body: unknown) => {
    const { chatId, title } = body as { chatId: string; title: string };
    const { id, content, at } = stored;
    return {
      plan: PLAN,
      source: 'model',
      chat: {
        chat: {
          id: chatId,
          title,
          createdAt: at,
          updatedAt: at,
          isPlaybook: true,
          playbookType: 'gtmplan',
        },
        messages: [
          {
            id,
            chatId,
            role: 'assistant',
            content,
            timestamp: at,
            clientId: null,
            replyTo: null,
            status: 'complete',
            model: 'gpt-4o',
          },
        ],
      },
    };
  });
}

function finishDeps(overrides: Partial<FinishDeps> = {}) {
  const toasts: ToastOptions[] = [];
  const deps: FinishDeps = {
    db,
    api: { post: vi.fn() },
    send: vi.fn(async () => ({ kind: 'done' })),
    toast: (t) => toasts.push(t),
    openChat: vi.fn(),
    upgrade: vi.fn(),
    model: 'gpt-4o',
    isOnline: () => true,
    now: () => new Date('2024-03-05T15:07:00Z'),
    errorToastMinMs: 0,
    ...overrides,
  };
  return { deps, toasts };
}

describe('finishing a flow', () => {
  it("two call analyses of different calls are listed in the history under different names, each its chat's title", async () => {
    const { deps } = finishDeps();
    const freightly =
      'Dana Ortiz: Thanks for making the time. I wanted to talk about ramp time.\nSam Lee: Happy to. What does it cost you?';
    const pipewise =
      'Sam Lee: Thanks for joining, Priya.\nPriya Shah: Happy to. We lose leads after hours, every night.';
    await finishFlow('call', { transcript: freightly, call_type: 'discovery' }, deps);
    await finishFlow('call', { transcript: pipewise, call_type: 'discovery' }, deps);
    const names = (await listHistory(db)).map((item) => item.name);
    expect(names.toSorted()).toEqual([
      'Call Analysis: Dana Ortiz and Sam Lee',
      'Call Analysis: Sam Lee and Priya Shah',
    ]);
    const titles = (deps.send as ReturnType<typeof vi.fn>).mock.calls.map(
      (call) => (call[1] as { title: string }).title,
    );
    expect(titles).toEqual([
      'Call Analysis: Dana Ortiz and Sam Lee',
      'Call Analysis: Sam Lee and Priya Shah',
    ]);
    await waitFor(() =>
      expect(
        posted
          .filter((p) => p.url === '/api/workflows')
          .map((p) => (p.body as { name: string }).name)
          .toSorted(),
      ).toEqual(names.toSorted()),
    );
  });

  it("sends the cold email prompt to a new chat, saves 'Cold Email to …' and says so with a Rename action", async () => {
    const { deps, toasts } = finishDeps();
    await finishFlow(
      'email',
      {
        recipient_info: 'Dana Ortiz, VP Sales at Freightly\nJust raised',
        value_prop: 'Faster ramp',
      },
      deps,
    );
    expect(deps.send).toHaveBeenCalledWith(expect.stringContaining('150 to 200 words'), {
      chatId: expect.any(String),
      title: 'Cold Email to Dana Ortiz at Freightly',
      playbookType: 'email',
      answers: {
        recipient_info: 'Dana Ortiz, VP Sales at Freightly\nJust raised',
        value_prop: 'Faster ramp',
      },
    });
    const [item] = await listHistory(db);
    expect(item).toMatchObject({
      name: 'Cold Email to Dana Ortiz at Freightly',
      workflowType: 'Cold Email',
      date: '2024-03-05T15:07:00.000Z',
    });
    expect(item?.id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    await waitFor(() =>
      expect(posted.find((p) => p.url === '/api/workflows')?.body).toMatchObject({
        id: item?.id,
        workflowType: 'Cold Email',
      }),
    );
    expect(toasts).toEqual([
      expect.objectContaining({
        header: 'Cold Email Generated',
        message: 'Your personalized cold email has been created successfully.',
        duration: 5000,
        action: expect.objectContaining({ label: 'Rename' }),
      }),
    ]);
    expect(localStorage.getItem('firstHistorySaved')).toBe('true');
  });

  it("writes the offline draft at once when offline, signed with the rep's name", async () => {
    const { deps } = finishDeps({
      isOnline: () => false,
      sender: 'Ada Founder',
      send: vi.fn(async () => ({ kind: 'queued' })),
    });
    await finishFlow('email', { recipient_info: 'Dana Ortiz', value_prop: 'Faster ramp' }, deps);
    const chatId = (deps.send as ReturnType<typeof vi.fn>).mock.calls[0]![1].chatId as string;
    const draft = (await db.keyValues.get(`flows.offlineDraft:${chatId}`))?.value as {
      subject: string;
      body: string;
    };
    expect(draft.body).toContain('Hi Dana,');
    expect(draft.body.endsWith('Best regards,\nAda Founder')).toBe(true);
  });

  it('signs the offline draft with the profile on this device, edited with no signal, and asks through its booking link', async () => {
    await saveProfileEdits(db, {
      company: 'Pipewise',
      valueProposition: 'We cut new-rep ramp time to 10 weeks.',
      bookingLink: 'https://cal.com/ada/20min',
      signatureName: 'Ada Lovelace',
      signatureRole: 'Founder',
      signaturePhone: '+44 20 7946 0000',
    });
    const { deps } = finishDeps({
      isOnline: () => false,
      sender: 'Ada Founder',
      send: vi.fn(async () => ({ kind: 'queued' })),
    });
    await finishFlow('email', { recipient_info: 'Dana Ortiz at Freightly' }, deps);
    const chatId = (deps.send as ReturnType<typeof vi.fn>).mock.calls[0]![1].chatId as string;
    const draft = (await db.keyValues.get(`flows.offlineDraft:${chatId}`))?.value as {
      body: string;
    };
    expect(draft.body).toContain('We cut new-rep ramp time to 10 weeks.');
    expect(draft.body).toContain('pick a time that suits you at https://cal.com/ada/20min');
    expect(
      draft.body.endsWith('Best regards,\nAda Lovelace\nFounder, Pipewise\n+44 20 7946 0000'),
    ).toBe(true);
  });

  it('online with no model on the server, writes no draft of its own: the server drafter answers, once', async () => {
    const { deps } = finishDeps({ model: OFFLINE_DRAFTER_MODEL });
    await finishFlow('email', { recipient_info: 'Dana Ortiz', value_prop: 'Faster ramp' }, deps);
    const chatId = (deps.send as ReturnType<typeof vi.fn>).mock.calls[0]![1].chatId as string;
    expect(await db.keyValues.get(`flows.offlineDraft:${chatId}`)).toBeUndefined();
  });

  it("finishes a follow-up email with no signal: drafted here at once from the notes, the profile's link and signature, saved as 'Follow-up: …'", async () => {
    await saveProfileEdits(db, {
      company: 'Pipewise',
      bookingLink: 'https://cal.com/ada/30min',
      signatureName: 'Ada Lovelace',
      signatureRole: 'Founder',
    });
    const { deps, toasts } = finishDeps({
      isOnline: () => false,
      sender: 'Ada Founder',
      send: vi.fn(async () => ({ kind: 'queued' })),
    });
    const answers = {
      meeting_notes:
        'Dana Ortiz: Ramp time is our biggest problem this year.\nAda Lovelace: I will send the pilot proposal by Friday.',
      recipient: 'Dana Ortiz, VP Sales at Freightly',
    };
    await finishFlow('followup', answers, deps);
    expect(deps.send).toHaveBeenCalledWith(expect.stringContaining('Meeting notes:'), {
      chatId: expect.any(String),
      title: 'Follow-up: Dana Ortiz at Freightly',
      playbookType: 'followup',
      answers,
    });
    const chatId = (deps.send as ReturnType<typeof vi.fn>).mock.calls[0]![1].chatId as string;
    const draft = (await db.keyValues.get(`flows.offlineDraft:${chatId}`))?.value as {
      subject: string;
      body: string;
    };
    expect(draft.subject).toBe('Recap and next steps: Freightly');
    expect(draft.body).toContain('Ramp time is our biggest problem this year.');
    expect(draft.body).toContain(
      'Next steps, as agreed:\n- I will send the pilot proposal by Friday.',
    );
    expect(draft.body).toContain('a 30-minute call at https://cal.com/ada/30min');
    expect(draft.body.endsWith('Best regards,\nAda Lovelace\nFounder, Pipewise')).toBe(true);
    expect((await listHistory(db))[0]).toMatchObject({
      name: 'Follow-up: Dana Ortiz at Freightly',
      workflowType: 'Follow-up',
    });
    expect(toasts[0]).toMatchObject({ header: 'Follow-up Email Generated' });
  });

  it("sends a CRM note's prompt to a new chat named for the account, with no draft of its own", async () => {
    const { deps, toasts } = finishDeps({
      isOnline: () => false,
      send: vi.fn(async () => ({ kind: 'queued' })),
    });
    await finishFlow(
      'crmnote',
      {
        meeting_notes: 'Dana Ortiz: We are worried about the price of the pilot.',
        account: 'Freightly',
      },
      deps,
    );
    const [prompt, target] = (deps.send as ReturnType<typeof vi.fn>).mock.calls[0]! as [
      string,
      { chatId: string; title: string; playbookType: string },
    ];
    expect(prompt).toContain('Summary, Next steps, Stakeholders, Risks, Date');
    expect(target).toMatchObject({ title: 'CRM Note: Freightly', playbookType: 'crmnote' });
    expect(await db.keyValues.get(`flows.offlineDraft:${target.chatId}`)).toBeUndefined();
    expect(toasts[0]).toMatchObject({ header: 'Saved to your history' });
  });

  it('puts the GTM plan in a new chat as a Markdown document, with the pitch-deck card 3 s later', async () => {
    const { deps, toasts } = finishDeps({
      api: {
        post: vi.fn(async () => ({ plan: PLAN, source: 'model' })) as FinishDeps['api']['post'],
      },
    });
    await finishFlow(
      'gtmplan',
      { product_service: 'CRM', value_proposition: 'Calls', target_market: 'Plumbers' },
      deps,
    );
    expect(deps.send).not.toHaveBeenCalled();
    const chatId = (deps.openChat as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    const [message] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(message).toMatchObject({ role: 'assistant', status: 'complete', model: GTM_PLAN_MODEL });
    expect(message?.content).toContain('# Go-to-Market Plan');
    expect(message?.content).toContain(
      '| | Size |\n|---|---|\n| TAM | $5B |\n| SAM | $1B |\n| SOM | $50M |\n\n## GTM Strategy',
    );
    expect((await db.chats.get(chatId))?.playbookType).toBe('gtmplan');
    expect((await db.keyValues.get(`flows.pitchDeck:${chatId}`))?.value).toBe(
      Date.parse('2024-03-05T15:07:00Z') + 3000,
    );
    expect(toasts[0]).toMatchObject({ header: 'GTM Plan Generated' });
  });

  it('takes the chat the server kept the plan in, as the server holds it, named after the workflow', async () => {
    const post = serverKeepsPlan({
      id: 41,
      content: '# Go-to-Market Plan\n\nAs stored',
      at: '2024-03-05T15:07:01.000Z',
    });
    const { deps, toasts } = finishDeps({ api: { post: post as FinishDeps['api']['post'] } });
    await finishFlow(
      'gtmplan',
      { product_service: 'CRM', value_proposition: 'Calls', target_market: 'Plumbers' },
      deps,
    );
    const chatId = (deps.openChat as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    expect(post).toHaveBeenCalledWith(
      '/api/generate-gtm-plan',
      expect.objectContaining({ chatId, title: expect.stringMatching(/^GTM Plan /) }),
    );
    const messages = await db.messages.where('chatId').equals(chatId).toArray();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      role: 'assistant',
      content: '# Go-to-Market Plan\n\nAs stored',
      serverId: 41,
      model: 'gpt-4o',
    });
    expect(await db.chats.get(chatId)).toMatchObject({ playbookType: 'gtmplan', synced: true });
    expect((await db.keyValues.get(`flows.pitchDeck:${chatId}`))?.value).toBe(
      Date.parse('2024-03-05T15:07:00Z') + 3000,
    );
    expect(toasts[0]).toMatchObject({ header: 'GTM Plan Generated' });
  });

  it('falls back to a plain chat prompt when the plan call fails or answers in the wrong shape', async () => {
    for (const post of [
      vi.fn().mockRejectedValue(new ApiError('Invalid response format from API', 502, {})),
      vi.fn().mockResolvedValue({ nope: true }),
    ]) {
      const { deps, toasts } = finishDeps({ api: { post } });
      await finishFlow(
        'gtmplan',
        { product_service: 'CRM', value_proposition: 'Calls', target_market: 'Plumbers' },
        deps,
      );
      expect(toasts[0]).toMatchObject({
        header: 'Invalid response format from API',
        message: GTM_API_ERROR_TOAST,
        color: 'danger',
      });
      expect(deps.send).toHaveBeenCalledWith(
        expect.stringContaining('investor-ready go-to-market plan'),
        expect.objectContaining({ playbookType: 'gtmplan' }),
      );
      expect(toasts[1]).toMatchObject({ header: 'GTM Plan Generated' });
    }
    const { deps, toasts } = finishDeps({
      api: { post: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) },
    });
    await finishFlow('gtmplan', { product_service: 'CRM' }, deps);
    expect(toasts[0]).toMatchObject({ header: 'API Error', message: GTM_API_ERROR_TOAST });
  });

  it('tells a user whose plan has ended to upgrade, keeps the answers and sends no fallback', async () => {
    const refused = new ApiError('This is a Pro feature. Upgrade to Pro to use it.', 403, {
      code: 'pro_required',
      message: 'This is a Pro feature. Upgrade to Pro to use it.',
    });
    const answers = {
      product_service: 'CRM',
      value_proposition: 'Calls',
      target_market: 'Plumbers',
    };
    for (const [id, value] of Object.entries(answers))
      await saveFlowAnswer(db, 'gtmplan', id, value);
    const { deps, toasts } = finishDeps({ api: { post: vi.fn().mockRejectedValue(refused) } });
    await finishFlow('gtmplan', answers, deps);
    expect(toasts).toEqual([
      expect.objectContaining({
        header: 'Pro Plan Required',
        action: expect.objectContaining({ label: 'Upgrade' }),
      }),
    ]);
    expect(deps.send).not.toHaveBeenCalled();
    expect((await resumeFlow(db, 'gtmplan')).answers).toMatchObject(answers);
    toasts[0]!.action!.handler();
    expect(deps.upgrade).toHaveBeenCalled();
  });

  it("drafts the GTM plan in the browser when offline, labelled as the offline drafter's", async () => {
    const post = vi.fn();
    const { deps, toasts } = finishDeps({ api: { post }, isOnline: () => false });
    await finishFlow(
      'gtmplan',
      {
        product_service: 'A CRM for plumbers',
        target_market: 'Plumbing firms',
        value_proposition: 'Calls',
      },
      deps,
    );
    expect(post).not.toHaveBeenCalled();
    const chatId = (deps.openChat as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
    const [message] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(message).toMatchObject({ model: OFFLINE_DRAFTER_MODEL });
    expect(message?.content).toContain('Plumbing firms');
    expect(message?.content).toContain('> Drafted from your answers without a language model. ');
    // Not 'created successfully': which sections need the founder's research, and what happens next.
    expect(toasts[0]).toMatchObject({ header: 'GTM Plan Drafted', color: 'warning' });
    expect(toasts[0]?.message).toMatch(
      /^Drafted from your answers without a language model\. \d+ sections need your research: .*SOM.*\. The full plan is written once you are back online\.$/,
    );
  });

  it('keeps the answers when the prompt cannot even be saved on this device', async () => {
    const { deps } = finishDeps({ send: vi.fn(async () => ({ kind: 'not-saved' })) });
    await finishFlow('demo', { company_name: 'Acme', value_proposition: 'Faster quotes' }, deps);
    expect((await resumeFlow(db, 'demo')).answers).toMatchObject({
      company_name: 'Acme',
      value_proposition: 'Faster quotes',
    });
  });

  it('carries a finished value proposition into the next cold email, persona and objection flows', async () => {
    const { deps } = finishDeps();
    await finishFlow(
      'playbook',
      { founding_journey: 'idea', building: 'CRM', value_proposition: 'Never miss a call again' },
      deps,
    );
    expect((await db.keyValues.get(CARRIED_VALUE_PROPOSITION_KEY))?.value).toBe(
      'Never miss a call again',
    );
    expect((await resumeFlow(db, 'email')).answers.value_prop).toBe('Never miss a call again');
    expect((await resumeFlow(db, 'objection')).answers.value_proposition).toBe(
      'Never miss a call again',
    );
  });
});

/** The outbox delivers every plan drafted here (the sync engine's forced flush), with `post` as the API. */
const flushPlans = (post: FinishDeps['api']['post'] | ReturnType<typeof vi.fn>) =>
  flushOutbox(db, planHandlers(post as FinishDeps['api']['post']), { force: true });

describe('a GTM plan drafted offline', () => {
  const answers = {
    product_service: 'A CRM for plumbers',
    target_market: 'Plumbing firms',
    value_proposition: 'Calls',
  };
  async function draftOffline(): Promise<string> {
    const { deps } = finishDeps({ isOnline: () => false });
    await finishFlow('gtmplan', answers, deps);
    return (deps.openChat as ReturnType<typeof vi.fn>).mock.calls[0]![0] as string;
  }
  const storedPlan = serverKeepsPlan({
    id: 77,
    content: '# Go-to-Market Plan\n\nBy the model',
    at: '2024-03-05T16:00:00.000Z',
  });

  it("is made for real once the server can be reached: the server's plan replaces the draft in the same chat", async () => {
    const chatId = await draftOffline();
    expect((await db.messages.where('chatId').equals(chatId).toArray())[0]).toMatchObject({
      model: OFFLINE_DRAFTER_MODEL,
    });
    storedPlan.mockClear();
    await flushPlans(storedPlan as FinishDeps['api']['post']);
    expect(storedPlan).toHaveBeenCalledWith(
      '/api/generate-gtm-plan',
      expect.objectContaining({ chatId, answers, title: expect.stringMatching(/^GTM Plan /) }),
      userId,
    );
    const messages = await db.messages.where('chatId').equals(chatId).toArray();
    expect(messages).toEqual([
      expect.objectContaining({
        serverId: 77,
        content: '# Go-to-Market Plan\n\nBy the model',
        model: 'gpt-4o',
      }),
    ]);
    expect((await db.chats.get(chatId))?.synced).toBe(true);
    // Done once: the next sync has nothing to send.
    storedPlan.mockClear();
    await flushPlans(storedPlan as FinishDeps['api']['post']);
    expect(storedPlan).not.toHaveBeenCalled();
  });

  it('keeps the draft while the server cannot be reached', async () => {
    const chatId = await draftOffline();
    const unreachable = vi.fn().mockRejectedValue(new OfflineError());
    await flushPlans(unreachable);
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect(await db.messages.where('chatId').equals(chatId).toArray()).toEqual([
      expect.objectContaining({ model: OFFLINE_DRAFTER_MODEL }),
    ]);
  });

  it('asks the model once, however many callers (the sync engine, a reconnect, another tab) want it at the same time', async () => {
    const chatId = await draftOffline();
    storedPlan.mockClear();
    await Promise.all([
      flushPlans(storedPlan as FinishDeps['api']['post']),
      flushPlans(storedPlan as FinishDeps['api']['post']),
    ]);
    expect(storedPlan).toHaveBeenCalledTimes(1);
    expect(await db.messages.where('chatId').equals(chatId).toArray()).toEqual([
      expect.objectContaining({ serverId: 77 }),
    ]);
  });

  it('waits 30 s after a first failure, doubling to a cap of 30 minutes, or until the Retry-After the server named', () => {
    expect(planBackoff(1, 0)).toBe(30_000);
    expect(planBackoff(2, 0)).toBe(60_000);
    expect(planBackoff(3, 0)).toBe(120_000);
    expect(planBackoff(7, 0)).toBe(PLAN_BACKOFF_MAX_MS);
    expect(planBackoff(40, 0)).toBe(30 * 60_000);
    expect(planBackoff(1, 0, 3 * 3600_000)).toBe(3 * 3600_000);
    expect(planBackoff(3, 0, 1000)).toBe(120_000);
  });

  it.each([
    [
      'the model failed (502)',
      new ApiError('The AI model could not answer. Please try again.', 502, {}),
      false,
    ],
    ['the server timed out (408)', new ApiError('Request failed with status 408', 408, {}), false],
    ['too many requests (429)', new RateLimitedError('Too many attempts.', 429, {}), false],
    ['a bad request (400)', new ApiError('startupInfo: too long', 400, {}), true],
    [
      'no Pro plan yet (403, waits: a payment not confirmed yet)',
      new ApiError('This is a Pro feature.', 403, {
        code: 'pro_required',
        message: 'This is a Pro feature.',
      }),
      false,
    ],
    [
      'forbidden for another reason (403)',
      new ApiError('Forbidden', 403, { code: 'forbidden', message: 'Forbidden' }),
      true,
    ],
  ])(
    '%s: one POST however often it is synced meanwhile, and the draft holds why',
    async (_what, error, refused) => {
      const chatId = await draftOffline();
      const post = vi.fn().mockRejectedValue(error);
      for (let i = 0; i < 4; i++) await flushPlans(post);
      expect(post).toHaveBeenCalledTimes(1);
      const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
      expect(draft).toMatchObject({
        model: OFFLINE_DRAFTER_MODEL,
        planDelivery: { attempts: 1, refused, lastError: error.message },
      });
    },
  );

  it('no network, another account signed in, or signed out: nothing counted, tried again at the next sync', async () => {
    const chatId = await draftOffline();
    const post = vi
      .fn()
      .mockRejectedValueOnce(new OfflineError())
      .mockRejectedValueOnce(
        new SessionMismatchError('Signed in as someone else', 409, { code: 'session_mismatch' }),
      )
      .mockRejectedValueOnce(new UnauthorizedError('You must be logged in', 401, {}));
    for (let i = 0; i < 3; i++) await flushPlans(post);
    expect(post).toHaveBeenCalledTimes(3);
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(draft?.planDelivery).toBeUndefined();
  });

  it('a Retry-After from the server holds the next try until then, across reloads (it is stored with the draft)', async () => {
    const chatId = await draftOffline();
    const post = vi
      .fn()
      .mockRejectedValue(new RateLimitedError('AI allowance used', 429, {}, 2 * 3600_000));
    const before = Date.now();
    await flushPlans(post);
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    expect(draft!.planDelivery!.nextAttemptAt).toBeGreaterThanOrEqual(before + 2 * 3600_000);
    // A reload: the same database opened afresh.
    db.close();
    await db.open();
    vi.spyOn(Date, 'now').mockReturnValue(before + 3600_000);
    await flushPlans(post);
    expect(post).toHaveBeenCalledTimes(1);
    vi.spyOn(Date, 'now').mockReturnValue(before + 2 * 3600_000 + 1000);
    await flushPlans(post);
    expect(post).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('delivers the plan of a chat the user wrote in while offline, ahead of that message', async () => {
    const chatId = await draftOffline();
    const [draft] = await db.messages.where('chatId').equals(chatId).toArray();
    await db.messages.put({
      ...draft!,
      key: 'u:written',
      role: 'user',
      content: 'Shorter please',
      status: 'queued',
      clientId: 'written',
      model: null,
      sortAt: draft!.sortAt + 1,
    });
    storedPlan.mockClear();
    await flushPlans(storedPlan as FinishDeps['api']['post']);
    expect(storedPlan).toHaveBeenCalledTimes(1);
    // The server's plan takes the draft's place: before the question, though the server wrote it later.
    const ordered = orderMessages(await db.messages.where('chatId').equals(chatId).toArray());
    expect(ordered.map((m) => m.serverId ?? m.key)).toEqual([77, 'u:written']);
  });
});
