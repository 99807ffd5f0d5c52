/**
 * The account's 'Shared links': every link the rep made that still works or waits, with who can open
 * it, until when, how often it was opened and when last; each can be copied or turned off (its page
 * then says the link no longer works, and shows nothing).
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Share } from '../../../domain/contract/share';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyText } from '../../ui/copyText';
import { AccountList } from '../account/ListLoading';
// oxlint-disable-next-line import/no-unassigned-import -- the list's stylesheet, loaded with it
import './links.css';
import { linkUrl, linksQueryOptions, useRevokeLink, whoCanOpen } from './links.queries';

/** 'Opened 3 times, last on 28 November' / 'Not opened yet'. */
function viewsSaid(share: Pick<Share, 'views' | 'lastViewedAt'>): string {
  if (!share.views || !share.lastViewedAt) return 'Not opened yet';
  const last = new Date(share.lastViewedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
  });
  return `Opened ${share.views === 1 ? 'once' : `${share.views} times`}, last on ${last}`;
}

export function SharedLinksSection({ userId }: { userId: number }) {
  const query = useQuery(linksQueryOptions(userId));
  const revoke = useRevokeLink(userId);
  const [turningOff, setTurningOff] = useState<Share | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <section className="account-section" id="links" aria-labelledby="links-heading">
      <h2 id="links-heading">Shared links</h2>
      <AccountList query={query} what="shared links">
        {query.data?.length ? (
          <ul className="shared-links__list">
            {query.data.map((share) => (
              <li key={share.id} className="shared-links__item">
                <p className="shared-links__title">{share.title}</p>
                <p className="muted">
                  {whoCanOpen(share)}. {viewsSaid(share)}.
                </p>
                <div className="shared-links__actions">
                  <a href={share.path} target="_blank" rel="noopener">
                    Open
                  </a>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    onClick={() =>
                      void copyText(linkUrl(share)).then((ok) => setCopied(ok ? share.id : null))
                    }
                  >
                    {copied === share.id ? 'Copied' : 'Copy link'}
                  </button>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    onClick={() => setTurningOff(share)}
                  >
                    Turn off
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No shared links. ‘Share’ under a result makes one, private to you until you choose.
          </p>
        )}
      </AccountList>
      <ConfirmDialog
        open={turningOff !== null}
        title="Turn this link off?"
        message={`Anyone who opens the link to “${turningOff?.title ?? ''}” will read that it no longer works.`}
        error={revoke.error?.message ?? null}
        pending={revoke.isPending}
        confirmLabel="Turn off"
        onCancel={() => setTurningOff(null)}
        onConfirm={() =>
          turningOff && revoke.mutate(turningOff.id, { onSuccess: () => setTurningOff(null) })
        }
      />
    </section>
  );
}
