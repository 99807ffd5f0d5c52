// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie in jsdom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { clearUserData, openUserDb, type PitchpadDb } from '../../data/db';
import { saveWorkflow } from '../history/workflowStore';
import { saveProfileEdits } from '../profile/profileStore';
import { useEmailEditing } from './EmailResult';

// jsdom has no modal dialogs: the browser's own methods, not our code.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

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
function Result({ chatId, email }: { chatId: string; email: EmailDraft }) {
  const editing = useEmailEditing({ db, chatId, original: email, current: email, onSave() {} });
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
