import { cloudOfflineOutline, easelOutline } from 'ionicons/icons';
import { useEffect, useMemo, useState } from 'react';
import { emailDraftMarkdown, type EmailDraft } from '../../../domain/drafts/coldEmail';
import { sendableEmail, withoutCitations } from '../../../domain/research/citations';
import { OFFLINE_DRAFTER_MODEL } from '../../../domain/limits';
import { crmNoteCopyText } from '../../../domain/drafts/crmNote';
import { isEmailFlow } from '../../../domain/playbooks/emailFlows';
import type { PlaybookType } from '../../../domain/playbooks/types';
import type { EmailEdit } from '../../../domain/contract/chat';
import { userIdOfDb, type LocalChat, type LocalMessage, type PitchpadDb } from '../../data/db';
import { AiAvatar } from '../chat/MessageItem';
import type { AfterMessage } from '../chat/MessageList';
import { Markdown } from '../chat/Markdown';
import { editNow, saveReplyEmailEdit } from './emailEdits';
import { EDITED_LABEL, emailText, shownEmail, useEmailEditing } from './EmailResult';
import { emailFromText } from './emailText';
import { saveOfflineEmailEdit } from './flowResults';
import { useFlowExtras } from './useFlowExtras';
import { ResultActions } from './ResultActions';
import { SendToCrm } from '../crm/SendToCrm';
import { ProfileOffer } from './ProfileOffer';
import type { ShareTarget } from '../links/ShareLinkSheet';
import type { Snapshot } from '../../../domain/exports/files';
// oxlint-disable-next-line import/no-unassigned-import -- the edited email's styles, loaded with the chat
import './emailResult.css';
import { InlineIcon } from '../../ui/InlineIcon';
import { saveOrSay } from '../../ui/saveOrSay';
import { useToast } from '../../ui/ToastProvider';

export const OFFLINE_DRAFT_LABEL = 'Offline draft';
export const PITCH_DECK_TITLE = 'Turn this plan into a pitch deck';
export const PITCH_DECK_BUTTON = 'Coming soon';

interface FlowExtrasProps {
  db: PitchpadDb;
  chatId: string;
  playbookType: PlaybookType | undefined;
  /** The chat's last finished reply, which the result actions act on. */
  lastReply: LocalMessage | null;
  chatTitle: string;
}

/**
 * What 'Share' links to: the reply, once the server holds it (it has the server's id), with the
 * phone's copy of what the server's holds (`local`: the files made here with no signal).
 */
function shareTargetOf(
  db: PitchpadDb,
  chatId: string,
  reply: LocalMessage,
  title: string,
  local: Pick<Snapshot, 'content' | 'emailSubject'> = {
    content: withoutCitations(reply.content),
    emailSubject: null,
  },
): (ShareTarget & { userId: number }) | undefined {
  const userId = userIdOfDb(db);
  return userId !== undefined && reply.serverId !== null
    ? {
        userId,
        chatId,
        messageId: reply.serverId,
        title,
        local: { title, ...local },
        ...(reply.emailEditPending
          ? {
              notOnServerYet:
                'Your latest edit is still on its way from this phone: the link can be made once it has arrived.',
            }
          : {}),
      }
    : undefined;
}

/**
 * What a guided flow's chat shows after its messages: the actions on the result (Copy, Share, Open
 * in mail app for an email, Copy for CRM for a CRM note; Send to the rep's CRM for a CRM note, a
 * call analysis and a follow-up email) and for a GTM plan the pitch-deck card 3
 * seconds after the plan.
 */
export function FlowExtras({ db, chatId, playbookType, lastReply, chatTitle }: FlowExtrasProps) {
  const extras = useFlowExtras(db, chatId);
  // It appears below the plan without scrolling to it: the rep is reading the plan and must not be
  // pulled away from it.
  const showDeck = useAfter(extras.pitchDeckAt);
  if (!playbookType || playbookType === 'none') return null;
  const isEmail = isEmailFlow(playbookType);
  return (
    <div className="flow-extras">
      {lastReply &&
        (isEmail ? (
          <ReplyEmailResult
            db={db}
            chatId={chatId}
            message={lastReply}
            title={chatTitle}
            followUp={playbookType === 'followup'}
          />
        ) : playbookType === 'crmnote' ? (
          <>
            <ResultActions
              text={lastReply.content}
              title={chatTitle}
              crmText={crmNoteCopyText(lastReply.content)}
              shareLink={shareTargetOf(db, chatId, lastReply, chatTitle)}
            />
            <SendToCrm
              db={db}
              source={{ kind: 'crm-note', ref: chatId }}
              title={chatTitle}
              text={crmNoteCopyText(lastReply.content)}
            />
          </>
        ) : (
          <>
            <ResultActions
              text={lastReply.content}
              title={chatTitle}
              shareLink={shareTargetOf(db, chatId, lastReply, chatTitle)}
            />
            {playbookType === 'call' && (
              <SendToCrm
                db={db}
                source={{ kind: 'call-analysis', ref: chatId }}
                title={chatTitle}
                text={crmNoteCopyText(lastReply.content)}
              />
            )}
          </>
        ))}
      {lastReply && <ProfileOffer db={db} chatId={chatId} />}
      {showDeck && (
        <aside className="pitch-deck-card" aria-labelledby={`deck-${chatId}`}>
          <span className="pitch-deck-card__icon" aria-hidden="true">
            <InlineIcon icon={easelOutline} />
          </span>
          <div className="pitch-deck-card__text">
            <h3 id={`deck-${chatId}`}>{PITCH_DECK_TITLE}</h3>
            <p>
              An investor-ready deck built from this plan: problem, solution, market, traction and
              the ask.
            </p>
          </div>
          <button type="button" className="pp-button pitch-deck-card__button" disabled>
            {PITCH_DECK_BUTTON}
          </button>
        </aside>
      )}
    </div>
  );
}

/**
 * The offline drafter's email (cold or follow-up), written on this device when the flow finished (shown at once,
 * before the model's version arrives): a row of the message list, nothing until there is a draft.
 */
export function OfflineEmailDraft({ db, chatId }: { db: PitchpadDb; chatId: string }) {
  const { offlineEmail, offlineEmailEdit } = useFlowExtras(db, chatId);
  if (!offlineEmail) return null;
  return (
    <OfflineEmailRow db={db} chatId={chatId} original={offlineEmail} edit={offlineEmailEdit} />
  );
}

function OfflineEmailRow({
  db,
  chatId,
  original,
  edit,
}: {
  db: PitchpadDb;
  chatId: string;
  original: EmailDraft;
  edit: EmailEdit | null;
}) {
  const { email, edited } = shownEmail(original, edit);
  const toast = useToast();
  const editing = useEmailEditing({
    db,
    chatId,
    original,
    current: { ...email, ...(edit?.kept ? { kept: edit.kept } : {}) },
    onSave: (saved) => void saveOrSay(saveOfflineEmailEdit(db, chatId, editNow(saved)), toast),
  });
  const sendable = sendableEmail(email);
  return (
    <li className="message message--assistant flow-offline-draft">
      <AiAvatar />
      <div className="message__body">
        <div className="message__bubble">
          <Markdown text={emailDraftMarkdown(email)} />
        </div>
        <div className="message__meta">
          <span className="message__tag flow-offline-draft__tag">
            <InlineIcon icon={cloudOfflineOutline} />
            {OFFLINE_DRAFT_LABEL}
          </span>
          {edited && <span className="message__tag email-edited__tag">{EDITED_LABEL}</span>}
          <span>
            {edited ? 'Edited by you on this device.' : 'Written on this device from your answers.'}
          </span>
        </div>
        <ResultActions
          text={emailText(sendable)}
          title={sendable.subject}
          email={sendable}
          onEdit={editing.open}
        />
        {editing.editor}
      </div>
    </li>
  );
}

/**
 * The actions under a model's email, and the rep's edit of it: the edited email shown under the
 * reply, marked, which Copy, Share and 'Open in mail app' then use.
 */
function ReplyEmailResult({
  db,
  chatId,
  message,
  title,
  followUp,
}: {
  db: PitchpadDb;
  chatId: string;
  message: LocalMessage;
  title: string;
  /** A follow-up email: it can go into the rep's CRM as an email sent. */
  followUp: boolean;
}) {
  const original = useMemo(() => emailFromText(message.content), [message.content]);
  const { email, edited } = shownEmail(original, message.emailEdit);
  const toast = useToast();
  const editing = useEmailEditing({
    db,
    chatId,
    original,
    current: { ...email, ...(message.emailEdit?.kept ? { kept: message.emailEdit.kept } : {}) },
    sources: message.sources,
    onSave: (saved) => void saveOrSay(saveReplyEmailEdit(db, message.key, saved), toast),
  });
  // What leaves the app (copied, shared, the mail app, the CRM) carries no '[1]' marks: they say
  // where a fact comes from for the rep, not for the prospect.
  const sendable = sendableEmail(email);
  return (
    <>
      {edited && (
        <section className="email-edited" aria-labelledby={`edited-${message.key}`}>
          <p className="email-edited__head" id={`edited-${message.key}`}>
            <span className="message__tag email-edited__tag">{EDITED_LABEL}</span>
            Your version
            {message.emailEditPending && (
              <span className="email-edited__pending"> · saved on this device</span>
            )}
          </p>
          <div className="email-edited__text">
            <Markdown text={emailDraftMarkdown(email)} />
          </div>
        </section>
      )}
      <ResultActions
        text={edited ? emailText(sendable) : withoutCitations(message.content)}
        title={title}
        email={sendable}
        onEdit={editing.open}
        shareLink={shareTargetOf(
          db,
          chatId,
          message,
          title,
          // As the server's copy: an edited email is its subject and body, else the reply.
          edited ? { content: sendable.body, emailSubject: sendable.subject } : undefined,
        )}
      />
      {followUp && (
        <SendToCrm
          db={db}
          source={{ kind: 'follow-up', ref: chatId }}
          title={title}
          text={sendable.body}
          emailSubject={sendable.subject}
        />
      )}
      {editing.editor}
    </>
  );
}

/** True once the time `at` has come (re-rendering then), false before or when there is none. */
function useAfter(at: number | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null || now >= at) return;
    const timer = setTimeout(() => setNow(Date.now()), at - now);
    return () => clearTimeout(timer);
  }, [at, now]);
  return at !== null && now >= at;
}

/** The chat's flow extras, given its messages: the actions act on the last finished reply. */
export function ChatFlowExtras({
  db,
  chat,
  messages,
  isLoading,
}: {
  db: PitchpadDb;
  chat: LocalChat | null;
  messages: readonly LocalMessage[] | undefined;
  isLoading: boolean;
}) {
  if (!chat?.isPlaybook || !messages) return null;
  const last = messages.at(-1);
  const lastReply =
    !isLoading && last?.role === 'assistant' && last.status === 'complete' && last.content.trim()
      ? last
      : null;
  return (
    <FlowExtras
      db={db}
      chatId={chat.id}
      playbookType={chat.playbookType}
      lastReply={lastReply}
      chatTitle={chat.title}
    />
  );
}

/**
 * The message a finished flow started its chat with: its composed prompt. A GTM plan's chat starts
 * with the plan itself (the assistant's), and has none.
 */
export function flowPromptOf(
  chat: LocalChat | null,
  messages: readonly LocalMessage[] | undefined,
): LocalMessage | undefined {
  const first = messages?.[0];
  return chat?.isPlaybook && first?.role === 'user' ? first : undefined;
}

/** A flow's chat holding only its result (and the prompt it came from): the result leads the screen. */
export function isFlowResultOnly(
  chat: LocalChat | null,
  messages: readonly LocalMessage[] | undefined,
): boolean {
  return Boolean(chat?.isPlaybook && messages?.length && messages.length <= 2);
}

/**
 * Where an email chat (cold or follow-up) shows its offline draft: right after the flow's prompt, so what the user
 * writes later comes after it. Once the server has answered with its own offline drafter (no model
 * configured), that reply is the same email: it alone is shown.
 */
export function offlineDraftRow(
  db: PitchpadDb,
  chat: LocalChat | null,
  messages: readonly LocalMessage[] | undefined,
): AfterMessage | undefined {
  const prompt = isEmailFlow(chat?.playbookType) ? flowPromptOf(chat, messages) : undefined;
  if (
    messages?.some(
      (m) => m.role === 'assistant' && m.model === OFFLINE_DRAFTER_MODEL && m.status === 'complete',
    )
  )
    return undefined;
  return chat && prompt
    ? { key: prompt.key, item: <OfflineEmailDraft db={db} chatId={chat.id} /> }
    : undefined;
}
