import { cloudOfflineOutline, sparklesOutline } from 'ionicons/icons';
import { Fragment, useLayoutEffect, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import type { LocalMessage } from '../../data/db';
import { NoModelNotice } from '../settings/NoModelNotice';
import { AiAvatar, AssistantReply, UserMessage, WaitingReply } from './MessageItem';
import { messageViews, type QueueView, type MessageView } from './messageView';
import { useLiveReplies } from './useLiveReplies';
import type { UnloadedChat } from './useChatWorkspace';
import { InlineIcon } from '../../ui/InlineIcon';

export const WELCOME_MESSAGE = `Welcome to ${PRODUCT_NAME}! I'm here to help you with various tasks. You can select one of the menu options or ask me any question to get started.`;
export const FEATURED_PROMPT = 'Help me create a compelling sales pitch';

/** A row shown right after one message, in the message order (a cold email flow's offline draft after its prompt). */
export interface AfterMessage {
  /** The key of the message it follows. */
  key: string;
  /** A list item (`<li>`), or nothing. */
  item: ReactNode;
}

/** How close to the bottom (px) still counts as "reading the latest": the list follows new text then. */
const FOLLOW_THRESHOLD_PX = 96;

interface MessageListProps {
  /** Undefined while the local database is being read. */
  messages: readonly LocalMessage[] | undefined;
  /** User messages another tab or the service worker is sending now. */
  deliveringElsewhere: ReadonlySet<string>;
  /** Whether queued messages wait (offline, or held up by a failure) or are simply on their way. */
  queue?: QueueView;
  isLoading: boolean;
  onRetry: (key: string) => void;
  onDelete: (key: string) => void;
  onCopy: (text: string) => Promise<boolean>;
  onRegenerate: () => void;
  onSuggestion: (text: string) => void;
  /** Shown after the messages, inside the scrolling list (a guided flow's result actions and cards). */
  footer?: ReactNode;
  /** Shown inside the list, right after one message. */
  afterMessage?: AfterMessage;
  /** The user message that is a guided flow's composed prompt, shown folded as 'Your answers'. */
  answersKey?: string;
  /**
   * A guided flow's result alone in its chat: read from its start, so the list shows the top (the
   * folded answers, then the result) rather than following the text to its end.
   */
  resultFirst?: boolean;
  /** The chat is on the server but not on this phone yet: said so in place of the welcome. */
  unloaded?: UnloadedChat | null;
  /** Under an empty chat's welcome: the tools as cards, each opening its flow. */
  tools?: ReactNode;
  /** Above an empty chat's welcome: the rep's next meetings. */
  agenda?: ReactNode;
  /**
   * The message a search opened the chat on ('s<server id>' or 'c<client id>'): brought into view
   * once it is here, and highlighted for a moment.
   */
  found?: string;
}

/** Whether `view` is the message a search named ('s123', 'c<uuid>'). */
const isFound = (view: MessageView, found: string | undefined) =>
  found !== undefined &&
  view.kind !== 'waiting' &&
  ((view.message.serverId !== null && found === `s${view.message.serverId}`) ||
    (view.kind === 'user' &&
      view.message.clientId !== null &&
      found === `c${view.message.clientId}`));

/** The conversation, or the welcome on an empty chat. Keeps the newest message in view. */
export function MessageList({
  messages,
  deliveringElsewhere,
  queue,
  isLoading,
  onRetry,
  onDelete,
  onCopy,
  onRegenerate,
  onSuggestion,
  footer,
  afterMessage,
  answersKey,
  resultFirst = false,
  unloaded,
  tools,
  agenda,
  found,
}: MessageListProps) {
  // The streaming text is read here rather than passed down, so that only the list (and, of its
  // rows, the growing reply) is drawn again as words arrive.
  const live = useLiveReplies();
  const views = useMemo(
    () => (messages ? messageViews(messages, live, isLoading, deliveringElsewhere, queue) : []),
    [messages, live, isLoading, deliveringElsewhere, queue],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const lastView = views.at(-1);
  const lastLength = lastView?.kind === 'reply' ? lastView.content.length : 0;
  // The last row turning into something else ('Not sent', a finished reply with its actions) moves the bottom too.
  const lastShape = !lastView
    ? ''
    : lastView.kind === 'user'
      ? `${lastView.key}:${lastView.delivery}`
      : lastView.kind === 'reply'
        ? `${lastView.key}:${lastView.state}`
        : lastView.key;

  // A new message or a change of loading always brings the bottom into view; text
  // streaming into the last reply is followed only while the reader has not scrolled up. Compared
  // by hand after every render, as these changes are the trigger rather than inputs.
  const seen = useRef({ count: -1, isLoading, lastLength, lastShape });
  // The found message is brought into view once, when it is first drawn; the list then follows
  // only the reader's own scrolling.
  const shownFound = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const before = seen.current;
    const foundRow = found ? scroller.current?.querySelector('[data-found]') : null;
    if (foundRow && shownFound.current !== found) {
      shownFound.current = found;
      following.current = false;
      foundRow.scrollIntoView({ block: 'center' });
      seen.current = { count: views.length, isLoading, lastLength, lastShape };
      return;
    }
    const turned = before.count !== views.length || before.isLoading !== isLoading;
    if (turned) following.current = true;
    const grew = before.lastLength !== lastLength || before.lastShape !== lastShape;
    if (resultFirst) {
      if (before.count !== views.length && scroller.current) scroller.current.scrollTop = 0;
    } else if (turned || (following.current && grew)) scrollToBottom(scroller.current);
    seen.current = { count: views.length, isLoading, lastLength, lastShape };
  });

  const handleScroll = () => {
    const el = scroller.current;
    if (el)
      following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
  };

  return (
    <div className="chat__scroller" ref={scroller} onScroll={handleScroll}>
      {unloaded && <UnloadedNotice chat={unloaded} />}
      {messages && views.length === 0 && !unloaded && (
        <div className="chat__empty">
          {agenda}
          <ol className="chat__messages" aria-label="Messages">
            <li className="message message--assistant message--welcome">
              <AiAvatar />
              <div className="message__body">
                <p className="message__bubble">{WELCOME_MESSAGE}</p>
              </div>
            </li>
          </ol>
          {/* Before the first send, what a reply is when the server has no model; in the list, not
              above the input bar, so it neither pushes the bar up when it appears nor stays for the
              whole conversation (the drafter's replies are labelled as such). */}
          <NoModelNotice outcome="chat" className="chat__no-model" />
          <div className="chat__suggestions">
            <button
              type="button"
              className="chat__suggestion"
              onClick={() => onSuggestion(FEATURED_PROMPT)}
            >
              <InlineIcon icon={sparklesOutline} />
              {FEATURED_PROMPT}
            </button>
          </div>
          {tools && (
            <section className="chat__tools" aria-labelledby="chat-tools-heading">
              <h2 id="chat-tools-heading" className="section-label chat__tools-heading">
                Or start with a tool
              </h2>
              {tools}
            </section>
          )}
        </div>
      )}
      {views.length > 0 && (
        <ol
          className="chat__messages"
          aria-label="Messages"
          aria-live="polite"
          aria-relevant="additions"
        >
          {views.flatMap((view) => [
            view.kind === 'user' ? (
              <UserMessage
                key={view.key}
                messageKey={view.key}
                content={view.message.content}
                delivery={view.delivery}
                waitsUntil={view.waitsUntil}
                errorMessage={view.message.errorMessage}
                canDelete={view.canDelete}
                asAnswers={view.key === answersKey}
                found={isFound(view, found)}
                onRetry={onRetry}
                onDelete={onDelete}
              />
            ) : view.kind === 'reply' ? (
              <AssistantReply
                key={view.key}
                content={view.content}
                state={view.state}
                byOfflineDrafter={view.byOfflineDrafter}
                canRegenerate={view.canRegenerate}
                errorMessage={view.message.errorMessage}
                planNote={view.planNote}
                sources={view.message.sources}
                onCopy={onCopy}
                onRegenerate={onRegenerate}
                found={isFound(view, found)}
              />
            ) : (
              <WaitingReply key={view.key} />
            ),
            ...(view.key === afterMessage?.key
              ? [<Fragment key={`after:${view.key}`}>{afterMessage.item}</Fragment>]
              : []),
          ])}
        </ol>
      )}
      {footer}
    </div>
  );
}

/**
 * In place of an empty-looking chat: this conversation is on the server, not on this
 * phone yet, and loads when the network is back; what is typed meanwhile waits and goes into it.
 */
function UnloadedNotice({ chat }: { chat: UnloadedChat }) {
  if (chat.state === 'loading') {
    return (
      <p className="chat__notice chat__notice--loading" role="status" aria-busy="true">
        Loading this conversation…
      </p>
    );
  }
  return (
    <div className="chat__notice" role="status">
      <InlineIcon icon={cloudOfflineOutline} />
      <div>
        <p className="chat__notice-title">This conversation isn't on this phone yet</p>
        <p>It will load when you're back online.</p>
        {chat.queued > 0 ? (
          <p>
            {chat.queued === 1
              ? 'Your message is queued. It goes'
              : `Your ${chat.queued} messages are queued. They go`}{' '}
            into “{chat.title}” when you're back online.
          </p>
        ) : (
          <p>You can still write: your message waits on this phone and goes into “{chat.title}”.</p>
        )}
      </div>
    </div>
  );
}

function scrollToBottom(el: HTMLElement | null): void {
  if (el) el.scrollTop = el.scrollHeight;
}
