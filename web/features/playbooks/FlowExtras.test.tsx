// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftColdEmail } from '../../../domain/drafts/coldEmail';
import { CRM_DRAFT_NOTE } from '../../../domain/drafts/crmNote';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { clearUserData, openUserDb, type LocalMessage, type PitchpadDb } from '../../data/db';
import { createToaster } from '../../ui/toaster';
import { ToastProvider } from '../../ui/ToastProvider';
import { NOT_SAVED_HERE } from '../../ui/saveOrSay';
import { MessageList } from '../chat/MessageList';
import { ChatFlowExtras, flowPromptOf, isFlowResultOnly, offlineDraftRow } from './FlowExtras';
import { saveOfflineEmailDraft } from './flowResults';
import { buildLocalEmailChat } from '../../../tests/factories/localMessages';
import { renderPage } from '../../../tests/support/renderPage';
import type { CrmConnectionsResponse, CrmProvider } from '../../../domain/contract/crm';
import { crmKeys } from '../crm/crm.queries';

let db: PitchpadDb;
let userId = 9000;
beforeEach(() => {
  db = openUserDb(++userId);
});
afterEach(async () => {
  cleanup();
  await clearUserData();
});

const chat = buildLocalEmailChat();

/** The rep's CRM connections as the server answers them: `providers` connected, both offered. */
const connected = (user: number, providers: CrmProvider[]) =>
  [
    crmKeys.connections(user),
    {
      crms: (['hubspot', 'salesforce'] as const).map((provider) => ({
        provider,
        available: true,
        connection: providers.includes(provider)
          ? {
              accountName: 'acme.hubspot.com',
              connectedAt: '2026-11-01T00:00:00.000Z',
              needsReconnect: false,
            }
          : null,
      })),
    } satisfies CrmConnectionsResponse,
  ] as const;

function message(
  key: string,
  role: 'user' | 'assistant',
  content: string,
  sortAt: number,
): LocalMessage {
  const isReply = role === 'assistant';
  return {
    key,
    chatId: chat.id,
    role,
    content,
    status: isReply ? 'complete' : 'sent',
    sortAt,
    timestamp: new Date(sortAt).toISOString(),
    clientId: isReply ? null : key.slice(2),
    replyToKey: isReply ? `u:${key.slice(2)}` : null,
    serverId: sortAt,
    model: isReply ? 'gpt-4o' : null,
    touchedAt: sortAt,
  };
}

/** The chat's list as ChatScreen renders it: each row's role, the offline draft marked as such. */
async function rowsOf(messages: LocalMessage[]): Promise<string[]> {
  const view = render(
    <ToastProvider toaster={createToaster()}>
      <MessageList
        messages={messages}
        deliveringElsewhere={new Set()}
        isLoading={false}
        onRetry={() => {}}
        onDelete={() => {}}
        onCopy={async () => true}
        onRegenerate={() => {}}
        onSuggestion={() => {}}
        footer={<ChatFlowExtras db={db} chat={chat} messages={messages} isLoading={false} />}
        afterMessage={offlineDraftRow(db, chat, messages)}
      />
    </ToastProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('.flow-offline-draft')).not.toBeNull());
  return [...view.container.querySelectorAll('.chat__messages > li')].map((li) =>
    li.classList.contains('flow-offline-draft')
      ? `draft: ${li.querySelector('.message__bubble p')?.textContent}`
      : `${li.classList.contains('message--user') ? 'user' : 'reply'}: ${li.querySelector('.message__bubble')?.textContent}`,
  );
}

describe('the offline cold email draft', () => {
  beforeEach(() =>
    saveOfflineEmailDraft(
      db,
      chat.id,
      draftColdEmail({
        recipient_info: 'Dana Ortiz, VP Sales at Freightly',
        value_prop: 'Faster ramp',
      }),
    ),
  );

  it('follows the prompt when the chat holds only the prompt', async () => {
    expect(await rowsOf([message('u:1', 'user', 'Write a cold email', 1)])).toEqual([
      'user: Write a cold email',
      'draft: Subject: Idea for Freightly',
    ]);
  });

  it('stays right after the prompt, in the list, when the conversation goes on', async () => {
    const rows = await rowsOf([
      message('u:1', 'user', 'Write a cold email', 1),
      message('r:u:1', 'assistant', 'Subject: Hello Dana', 2),
      message('u:2', 'user', 'Make it shorter', 3),
      message('r:u:2', 'assistant', 'Subject: Hi', 4),
    ]);
    expect(rows).toEqual([
      'user: Write a cold email',
      'draft: Subject: Idea for Freightly',
      'reply: Subject: Hello Dana',
      'user: Make it shorter',
      'reply: Subject: Hi',
    ]);
  });

  it("gives way to the server's own offline draft (no model there): the email shows once", () => {
    const prompt = message('u:1', 'user', 'Write a cold email', 1);
    const drafted = {
      ...message('r:u:1', 'assistant', '**Subject:** Idea for Freightly', 2),
      model: OFFLINE_DRAFTER_MODEL,
    };
    expect(offlineDraftRow(db, chat, [prompt])).toBeDefined();
    expect(offlineDraftRow(db, chat, [prompt, { ...drafted, status: 'streaming' }])).toBeDefined();
    expect(offlineDraftRow(db, chat, [prompt, drafted])).toBeUndefined();
    // A model's email is another email: the device's draft stays beside it.
    expect(
      offlineDraftRow(db, chat, [prompt, message('r:u:1', 'assistant', 'Subject: Hello Dana', 2)]),
    ).toBeDefined();
  });

  it('is not shown in a chat of another flow', () => {
    expect(
      offlineDraftRow(db, { ...chat, playbookType: 'demo' }, [
        message('u:1', 'user', 'Personas', 1),
      ]),
    ).toBeUndefined();
    expect(
      offlineDraftRow(db, { ...chat, playbookType: 'none', isPlaybook: false }, [
        message('u:1', 'user', 'Hi', 1),
      ]),
    ).toBeUndefined();
  });
});

describe("an edited email result ('Edit before sending')", () => {
  it("shows the rep's edit under the model's email, marked, with the actions using it; an unchanged edit is no edit", async () => {
    const prompt = message('u:1', 'user', 'Write a cold email', 1);
    const edit = {
      subject: 'Ramp in 10 weeks',
      body: 'Hi Dana,\n\nShorter.',
      editedAt: '2026-01-01T00:00:00.000Z',
    };
    const reply = {
      ...message('r:u:1', 'assistant', '**Subject:** Hello Dana\n\nHi Dana,\n\nLonger.', 2),
      emailEdit: edit,
      emailEditPending: true,
    };
    const view = render(
      <ToastProvider toaster={createToaster()}>
        <ChatFlowExtras db={db} chat={chat} messages={[prompt, reply]} isLoading={false} />
      </ToastProvider>,
    );
    const edited = view.container.querySelector('.email-edited');
    expect(edited?.textContent).toContain('EditedYour version · saved on this device');
    expect(edited?.textContent).toContain('Subject: Ramp in 10 weeks');
    expect(view.getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toBe(
      'mailto:?subject=Ramp%20in%2010%20weeks&body=Hi%20Dana%2C%0D%0A%0D%0AShorter.',
    );
    expect(view.getByRole('button', { name: 'Edit' })).toBeTruthy();

    cleanup();
    const unchanged = {
      ...reply,
      emailEdit: { ...edit, subject: 'Hello Dana', body: 'Hi Dana,\n\nLonger.' },
      emailEditPending: false,
    };
    const again = render(
      <ToastProvider toaster={createToaster()}>
        <ChatFlowExtras db={db} chat={chat} messages={[prompt, unchanged]} isLoading={false} />
      </ToastProvider>,
    );
    expect(again.container.querySelector('.email-edited')).toBeNull();
    expect(again.getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toBe(
      'mailto:?subject=Hello%20Dana&body=Hi%20Dana%2C%0D%0A%0D%0ALonger.',
    );
  });
});

describe('an edit this phone cannot keep', () => {
  it("says 'Not saved' when the phone's copy is gone (a logout in another tab deleted it)", async () => {
    const prompt = message('u:1', 'user', 'Write a cold email', 1);
    const reply = message(
      'r:u:1',
      'assistant',
      '**Subject:** Hello Dana\n\nHi Dana,\n\nLonger.',
      2,
    );
    await db.messages.bulkPut([prompt, reply]);
    const toaster = createToaster();
    const view = render(
      <ToastProvider toaster={toaster}>
        <ChatFlowExtras db={db} chat={chat} messages={[prompt, reply]} isLoading={false} />
      </ToastProvider>,
    );
    fireEvent.click(view.getByRole('button', { name: 'Edit' }));
    fireEvent.change(await view.findByLabelText('Subject'), {
      target: { value: 'Ramp in 10 weeks' },
    });
    await clearUserData();
    fireEvent.click(view.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toaster.current()?.header).toBe(NOT_SAVED_HERE.header));
    expect(toaster.current()?.message).toBe(NOT_SAVED_HERE.message);
  });
});

describe('an email written from research', () => {
  it('sends no citation mark: the mail app gets the email without them', () => {
    const prompt = message('u:1', 'user', 'Write a cold email', 1);
    const reply = message(
      'r:u:1',
      'assistant',
      '**Subject:** Your Series B [1]\n\nHi Dana,\n\nCongrats on the Series B [1].',
      2,
    );
    const view = render(
      <ToastProvider toaster={createToaster()}>
        <ChatFlowExtras db={db} chat={chat} messages={[prompt, reply]} isLoading={false} />
      </ToastProvider>,
    );
    expect(view.getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toBe(
      'mailto:?subject=Your%20Series%20B&body=Hi%20Dana%2C%0D%0A%0D%0ACongrats%20on%20the%20Series%20B.',
    );
  });
});

describe("a finished flow's chat", () => {
  const prompt = message('u:1', 'user', 'Write a cold email', 1);
  const reply = message('r:u:1', 'assistant', 'Subject: Hello Dana', 2);

  it("takes the chat's first message, the flow's prompt, for the 'Your answers' card", () => {
    expect(flowPromptOf(chat, [prompt, reply])?.key).toBe('u:1');
    // A GTM plan's chat starts with the plan, and a later question is never the prompt.
    expect(
      flowPromptOf({ ...chat, playbookType: 'gtmplan' }, [
        reply,
        message('u:2', 'user', 'And pricing?', 3),
      ]),
    ).toBeUndefined();
    expect(
      flowPromptOf({ ...chat, playbookType: 'none', isPlaybook: false }, [prompt, reply]),
    ).toBeUndefined();
  });

  it('leads with the result while the chat holds only the prompt and its result', () => {
    expect(isFlowResultOnly(chat, [prompt])).toBe(true);
    expect(isFlowResultOnly(chat, [prompt, reply])).toBe(true);
    expect(
      isFlowResultOnly(chat, [prompt, reply, message('u:2', 'user', 'Make it shorter', 3)]),
    ).toBe(false);
    expect(
      isFlowResultOnly({ ...chat, isPlaybook: false, playbookType: 'none' }, [prompt, reply]),
    ).toBe(false);
    expect(isFlowResultOnly(chat, [])).toBe(false);
  });
});

describe('the follow-up email and the CRM note results', () => {
  it("show a follow-up's offline draft after its prompt, and its email with Edit and 'Open in mail app'", async () => {
    const followUp = { ...chat, playbookType: 'followup' as const, title: 'Follow-up: Dana' };
    const prompt = message('u:1', 'user', 'Write a follow-up email', 1);
    expect(offlineDraftRow(db, followUp, [prompt])?.key).toBe('u:1');
    const reply = message(
      'r:u:1',
      'assistant',
      '**Subject:** Recap and next steps\n\nHi Dana,\n\nThanks.',
      2,
    );
    const view = renderPage(
      () => <ChatFlowExtras db={db} chat={followUp} messages={[prompt, reply]} isLoading={false} />,
      { path: '/chat', toaster: createToaster(), data: [connected(userId, [])] },
    );
    expect(await view.findByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(view.getByRole('link', { name: 'Open in mail app' }).getAttribute('href')).toBe(
      'mailto:?subject=Recap%20and%20next%20steps&body=Hi%20Dana%2C%0D%0A%0D%0AThanks.',
    );
    expect(view.queryByRole('button', { name: 'Copy for CRM' })).toBeNull();
  });

  it('copy a CRM note for the CRM as plain text, and give it no email actions', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    const crm = { ...chat, playbookType: 'crmnote' as const, title: 'CRM Note: Freightly' };
    const note = [
      '# CRM note: Freightly',
      CRM_DRAFT_NOTE,
      '## Summary',
      'Dana wants **faster ramp**.',
      '## Next steps',
      '* Sam sends the proposal by Nov 30, 2026',
      '## Date',
      '2026-11-27',
    ].join('\n\n');
    const view = renderPage(
      () => (
        <ChatFlowExtras
          db={db}
          chat={crm}
          messages={[
            message('u:1', 'user', 'Write a CRM note', 1),
            message('r:u:1', 'assistant', note, 2),
          ]}
          isLoading={false}
        />
      ),
      { path: '/chat', toaster: createToaster(), data: [connected(userId, ['hubspot'])] },
    );
    // The rep's HubSpot is connected: the note can go there (Salesforce is not, so no button).
    expect(await view.findByRole('button', { name: 'Send to HubSpot' })).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Send to Salesforce' })).toBeNull();
    expect(view.queryByRole('link', { name: 'Open in mail app' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Copy for CRM' }));
    await waitFor(() => expect(view.getByRole('button', { name: 'Copied for CRM' })).toBeTruthy());
    expect(written).toEqual([
      'CRM note: Freightly\n\nSummary:\nDana wants faster ramp.\n\nNext steps:\n- Sam sends the proposal by 2026-11-30\n\nDate:\n2026-11-27',
    ]);
    expect(
      offlineDraftRow(db, crm, [message('u:1', 'user', 'Write a CRM note', 1)]),
    ).toBeUndefined();
  });
});
