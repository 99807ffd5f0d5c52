/** /share: what another app shared, and the four things Pitchpad can do with it. */
// oxlint-disable-next-line import/no-unassigned-import -- the share screen's stylesheet, loaded with its chunk
import './share.css';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { informationCircleOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { MESSAGE_MAX_CHARS } from '../../../domain/limits';
import { combineShared, type SharedParams } from '../../../domain/share/sharedText';
import { SHARE_CHOICES, type ShareChoice } from '../../../domain/share/shareChoices';
import { openUserDb } from '../../data/db';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/ToastProvider';
import { loadSessionUser, useAuth } from '../auth/auth.queries';
import { ChoiceList } from './ChoiceList';
import { useOpenWithText } from './useOpenWithText';

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
  const { user, hasPro, isLoading, isSubscriptionLoading } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const openWithText = useOpenWithText();
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
      // Replacing this entry keeps the shared text out of the back history.
      await openWithText(openUserDb(sessionUser.id), choice, shared.text, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const guest = !isLoading && user === null;
  // No marks while the plan is still being looked up: a paying user would see them flash.
  const showMarks = !hasPro && !isLoading && !isSubscriptionLoading;
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
      <ChoiceList
        choices={SHARE_CHOICES}
        onChoose={(choice) => void handleChoose(choice)}
        busy={busy}
        showMarks={showMarks}
      />
    </Screen>
  );
}
