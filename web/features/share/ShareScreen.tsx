/** /share: what another app shared, and the four things Pitchpad can do with it (issue #14 part 3). */
// oxlint-disable-next-line import/no-unassigned-import -- the share screen's stylesheet, loaded with its chunk
import './share.css';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import {
  chatbubblesOutline,
  informationCircleOutline,
  mailOutline,
  shieldCheckmarkOutline,
  micOutline,
} from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { MESSAGE_MAX_CHARS } from '../../../domain/limits';
import { combineShared, type SharedParams } from '../../../domain/share/sharedText';
import { SHARE_CHOICES, type ShareChoice } from '../../../domain/share/shareChoices';
import { openUserDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/ToastProvider';
import { loadSessionUser, useAuth } from '../auth/auth.queries';
import { choicePath, prefillShared } from './prefillShared';

const CHOICE_ICONS: Record<string, string> = {
  email: mailOutline,
  call: micOutline,
  objection: shieldCheckmarkOutline,
  chat: chatbubblesOutline,
};
const iconOf = (choice: ShareChoice) => CHOICE_ICONS[choice.flow ?? 'chat'] ?? chatbubblesOutline;

/** The share target's params from the query string, as sent. */
function sharedParams(searchStr: string): SharedParams {
  const query = new URLSearchParams(searchStr);
  return {
    title: query.get('title') ?? undefined,
    text: query.get('text') ?? undefined,
    url: query.get('url') ?? undefined,
  };
}

export function ShareScreen() {
  // The raw query, not the router's parsed search: that JSON-parses values, so a shared "true" or
  // "[1]" would not arrive as text.
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const shared = useMemo(
    () => combineShared(sharedParams(searchStr), MESSAGE_MAX_CHARS),
    [searchStr],
  );
  const { user, isPaid, isLoading, isSubscriptionLoading } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const handleChoose = async (choice: ShareChoice) => {
    setBusy(true);
    try {
      // Wait for the session lookup rather than treating a still-loading user as a guest.
      const sessionUser = await loadSessionUser(queryClient);
      if (!sessionUser) {
        toast({
          header: 'Login Required',
          message: choice.flow
            ? 'Please log in to use the PRO tools.'
            : 'Please log in to chat with Pitchpad.',
          color: 'warning',
        });
        // Back here after signing in, with what was shared.
        await navigate({
          to: '/auth/$tab',
          params: { tab: 'login' },
          search: { redirect: `share${searchStr}` },
        });
        return;
      }
      // Saved before leaving: a free user sent on to pricing finds it in the flow after upgrading.
      if (shared.text) {
        await prefillShared(openUserDb(sessionUser.id), choice, shared.text).then(
          ({ cut }) => {
            if (cut)
              toast({
                header: 'Shortened',
                message: `Only the first ${choice.maxLength.toLocaleString('en-US')} characters fit in the answer.`,
                color: 'warning',
              });
          },
          () => {
            // No browser storage (a private window that refuses IndexedDB): the tool still opens.
            toast({
              header: 'Not filled in',
              message:
                'This browser would not store what was shared. Paste it into the first answer.',
              color: 'warning',
            });
          },
        );
      }
      // Replacing this entry keeps the shared text out of the back history.
      await navigate({ href: choicePath(choice), replace: true });
    } finally {
      setBusy(false);
    }
  };

  const guest = !isLoading && user === null;
  // No marks while the plan is still being looked up: a paying user would see them flash.
  const showMarks = !isPaid && !isLoading && !isSubscriptionLoading;
  return (
    <Screen width="narrow" className="share-screen">
      <section className="page-intro">
        <h1>What should Pitchpad do with this?</h1>
      </section>
      <figure className="share-preview">
        <figcaption className="section-label">Shared with Pitchpad</figcaption>
        {shared.text ? (
          // A long share scrolls inside the box: focusable, so a keyboard can scroll it too.
          <blockquote
            className="share-preview__text"
            tabIndex={0}
            role="region"
            aria-label="What was shared"
          >
            {shared.text}
          </blockquote>
        ) : (
          <p className="share-preview__empty">
            Nothing came with the share. Pick a tool and start from a blank page.
          </p>
        )}
      </figure>
      {shared.note && (
        <p className="share-note" role="note">
          {shared.note}
        </p>
      )}
      {guest && (
        <div className="callout share-callout" role="note">
          <InlineIcon icon={informationCircleOutline} />
          <p>
            Log in or create a free account to use what you shared. “Ask Pitchpad” is free with an
            account; the other three are PRO tools.
          </p>
        </div>
      )}
      <ul className="plain-list share-choices" aria-label="Use it for">
        {SHARE_CHOICES.map((choice) => (
          <li key={choice.label}>
            <button
              type="button"
              className="tool-card share-choice"
              onClick={() => void handleChoose(choice)}
              disabled={busy}
            >
              <span
                className={`tool-card__icon tool-card__icon--${choice.flow ?? 'none'}`}
                aria-hidden="true"
              >
                <InlineIcon icon={iconOf(choice)} />
              </span>
              <span className="tool-card__body">
                <span className="tool-card__title">{choice.label}</span>
                <span className="tool-card__description">{choice.description}</span>
              </span>
              {/* Paying users need no marks; everyone else sees which choices are PRO, as on the landing cards. */}
              {showMarks && (
                <span className="pro-badge tool-card__badge">{choice.flow ? 'PRO' : 'FREE'}</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
