// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageSource } from '../../../domain/contract/chat';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { saveWorkflow } from '../history/workflowStore';
import { saveProfileEdits } from '../profile/profileStore';
import type { EditedEmail } from './emailEdits';
import { useEmailEditing } from './EmailResult';

let db: PitchpadDb;
let userId = 9500;
beforeEach(() => {
  db = openUserDb(++userId);
  // No signal: the history's push and the profile's delivery wait in the queue.
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await clearUserData();
});

/** An email result with its 'Edit', as FlowExtras draws one. */
function Result({
  chatId,
  email,
  sources,
  onSave = () => {},
}: {
  chatId: string;
  email: EmailDraft;
  sources?: MessageSource[];
  onSave?: (email: EditedEmail) => void;
}) {
  const editing = useEmailEditing({ db, chatId, original: email, current: email, sources, onSave });
  return (
    <>
      <button type="button" onClick={editing.open}>
        Edit
      </button>
      {editing.editor}
    </>
  );
}

describe("the email editor's coach", () => {
  it("does not take the rep's own company and name, from the profile on this device, for the recipient's", async () => {
    await saveProfileEdits(db, { company: 'Freight Labs', signatureName: 'Dana Smith' });
    await saveWorkflow(db, {
      type: 'email',
      name: 'Cold Email to Dana Ortiz at Freight',
      answers: { recipient_info: 'Dana Ortiz, VP Sales at Freight' },
      chatId: 'chat-1',
    });
    const email = {
      subject: 'Ramp time',
      body: 'Hi there,\n\nNew reps take six months to close a deal. We get them there in ten weeks.\n\nWorth a quick call?\n\nBest,\nDana Smith\nFreight Labs',
    };
    render(<Result chatId="chat-1" email={email} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    // The answers and the profile come from the local database: the check follows them as they arrive.
    await waitFor(() =>
      expect(
        document.querySelector('.email-coach__check[data-check="personal"]')?.textContent,
      ).toBe(
        "Fix this: Doesn't mention Dana or FreightGreet Dana by name and say why you're writing to Freight now.",
      ),
    );
  });
});

describe('a follow-up email, scored by the coach and editable as every email is', () => {
  it("knows the recipient from the follow-up's 'Who is it going to?' answer", async () => {
    await saveWorkflow(db, {
      type: 'followup',
      name: 'Follow-up: Dana Ortiz at Freightly',
      answers: {
        meeting_notes: 'Dana Ortiz: Ramp time is our biggest problem, six months a rep.',
        recipient: 'Dana Ortiz, VP Sales at Freightly',
      },
      chatId: 'chat-2',
    });
    const email = {
      subject: 'Recap and next steps',
      body: 'Hi there,\n\nThank you for your time today.\n\nNext steps:\n- I send the pilot proposal by Friday.\n\nBest regards,\nSam',
    };
    render(<Result chatId="chat-2" email={email} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() =>
      expect(
        document.querySelector('.email-coach__check[data-check="personal"]')?.textContent,
      ).toMatch(/^Fix this: Doesn't mention Dana or Freightly/),
    );
  });
});

describe('facts about the prospect in a researched cold email', () => {
  const PAGE: MessageSource = {
    passageId: 'research:r1:1',
    fileName: 'Freightly raises a Series B · TechNews',
    page: null,
    research: { id: 'r1', n: 1, url: 'https://technews.example/freightly' },
  };
  const EMAIL = {
    subject: 'Ramp time at Freightly',
    body: 'Hi Dana,\n\nFreightly raised a $40M Series B in March [1]. I loved your recent podcast on ramp time. Your team is hiring 20 reps.\n\nWorth a quick call next week?\n\nBest,\nSam',
  };

  async function openEditor(onSave: (email: EditedEmail) => void) {
    await saveWorkflow(db, {
      type: 'email',
      name: 'Cold Email to Dana Ortiz at Freightly',
      answers: { recipient_info: 'Dana Ortiz, VP Sales at Freightly. Hiring 20 reps.' },
      chatId: 'chat-3',
    });
    render(<Result chatId="chat-3" email={EMAIL} sources={[PAGE]} onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    return screen.findByRole('region', { name: 'Facts about Freightly' });
  }

  it('shows where each comes from, flags the one with none, and the coach counts it', async () => {
    const facts = await openEditor(() => {});
    await waitFor(() =>
      expect(
        [...facts.querySelectorAll('li.email-facts__item')].map((li) => li.textContent),
      ).toEqual([
        // The quote marks are the <q>'s own, drawn by the browser.
        'Freightly raised a $40M Series B in March.[1] Freightly raises a Series B · TechNews',
        'I loved your recent podcast on ramp time.No sourceKeepCut',
        'Your team is hiring 20 reps.From what you told the flow',
      ]),
    );
    expect(facts.textContent).toContain('Marks like [1] stay here: the email you send has none.');
    expect(
      document.querySelector('.email-coach__check[data-check="sources"]')?.textContent,
    ).toMatch(/^Could be better: 1 fact about Freightly with no source/);
  });

  it('cuts a fact out of the body, and saves the one the rep keeps', async () => {
    const onSave = vi.fn();
    const facts = await openEditor(onSave);
    await waitFor(() => expect(facts.textContent).toContain('No source'));
    fireEvent.click(screen.getByRole('button', { name: 'Keep', description: /podcast/ }));
    await waitFor(() => expect(facts.textContent).toContain('Kept by you, with no source'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({
      subject: EMAIL.subject,
      body: EMAIL.body,
      kept: ['i loved your recent podcast on ramp time.'],
    });
    cleanup();

    const again = await openEditor(onSave);
    await waitFor(() => expect(again.textContent).toContain('No source'));
    fireEvent.click(screen.getByRole('button', { name: 'Cut', description: /podcast/ }));
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    expect(body.value).toBe(EMAIL.body.replace(' I loved your recent podcast on ramp time.', ''));
    await waitFor(() => expect(again.textContent).not.toContain('podcast'));
  });
});
