/**
 * An email result's 'Edit': opens the editor (its own chunk, with the coach) over the
 * chat, and answers what the result shows and its actions use: the saved edit, else the original.
 */
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import type { CoachContext } from '../../../domain/coach';
import type { EmailEdit, MessageSource } from '../../../domain/contract/chat';
import { recipientContext, type EmailDraft } from '../../../domain/drafts/coldEmail';
import { recipientAnswerOf } from '../../../domain/playbooks/emailFlows';
import type { PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { useProfileValues } from '../profile/useProfile';
import type { EditedEmail } from './emailEdits';

const EmailEditor = lazy(() =>
  import('./EmailEditor').then((module) => ({ default: module.EmailEditor })),
);

export const EDITED_LABEL = 'Edited';

/** The email a result shows: the rep's edit when it differs from the original. */
export function shownEmail(
  original: EmailDraft,
  edit: EmailEdit | null | undefined,
): { email: EmailDraft; edited: boolean } {
  if (!edit || (edit.subject === original.subject && edit.body === original.body))
    return { email: original, edited: false };
  return { email: { subject: edit.subject, body: edit.body }, edited: true };
}

/** The text Copy and Share hand on. */
export function emailText(email: EmailDraft): string {
  return email.subject ? `Subject: ${email.subject}\n\n${email.body}` : email.body;
}

/**
 * What the flow was told about the recipient (the cold email's "Who are you writing to?", the
 * follow-up's "Who is it going to?"), for the coach, with the rep's profile on this device (so their
 * own company and name are not taken for the recipient's), and what the email's facts about them
 * may stand on: the reply's numbered sources, every answer the rep gave, the email as written.
 */
function useCoachContext(
  db: PitchpadDb,
  chatId: string,
  sourceCount: number,
  original: string,
): CoachContext {
  const profile = useProfileValues(db);
  const told = useSafeLiveQuery(
    async () => {
      const [chat, record] = await Promise.all([
        db.chats.get(chatId),
        db.workflows.filter((w) => w.chatId === chatId).first(),
      ]);
      return {
        recipient: recipientAnswerOf(chat?.playbookType ?? record?.type, record?.answers) ?? '',
        notes: Object.values(record?.answers ?? {}).join('\n'),
      };
    },
    [db, chatId],
    { recipient: '', notes: '' },
  );
  return useMemo(
    () => ({
      ...recipientContext(told?.recipient || undefined),
      ...(profile ? { profile } : {}),
      facts: { sources: sourceCount, notes: told?.notes ?? '', original },
    }),
    [told, profile, sourceCount, original],
  );
}

interface EmailEditingProps {
  db: PitchpadDb;
  chatId: string;
  original: EmailDraft;
  current: EditedEmail;
  /** The numbered sources the email's '[1]' marks cite (the reply's), none for an offline draft. */
  sources?: readonly MessageSource[];
  onSave: (email: EditedEmail) => void;
}

const NO_SOURCES: readonly MessageSource[] = [];

/** The editor's open state and the editor itself (rendered only while open). */
export function useEmailEditing({
  db,
  chatId,
  original,
  current,
  sources = NO_SOURCES,
  onSave,
}: EmailEditingProps): {
  open: () => void;
  editor: React.ReactNode;
} {
  const [isOpen, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const context = useCoachContext(db, chatId, sources.length, original.body);
  // The focus goes back to what opened the editor (its 'Edit'), once the dialog is gone.
  const close = () => {
    setOpen(false);
    setTimeout(() => opener.current?.isConnected && opener.current.focus(), 0);
  };
  const editor = isOpen ? (
    <Suspense fallback={null}>
      <EmailEditor
        original={original}
        current={current}
        context={context}
        sources={sources}
        onClose={close}
        onSave={(email) => {
          close();
          onSave(email);
        }}
      />
    </Suspense>
  ) : null;
  const open = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  return { open, editor };
}
