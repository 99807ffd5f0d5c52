/**
 * The account's 'Shared links': every link the rep made that still works or waits, with who can open
 * it, until when, how often it was opened and when last; each can be copied or turned off (its page
 * then says the link no longer works, and shows nothing). Under them, the files asked for with no
 * signal, until saved.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Share, ShareChange } from '../../../domain/contract/share';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { copyText } from '../../ui/copyText';
import { openUserDb } from '../../data/db';
import { AccountList } from '../account/ListLoading';
import { FileList } from './FileDownloads';
import { readFiles, removeFile, type LocalFile } from './fileExports';
import { FILES_CHANNEL } from './fileReady';
// oxlint-disable-next-line import/no-unassigned-import -- the list's stylesheet, loaded with it
import './links.css';
import {
  linkUrl,
  linksQueryOptions,
  useChangeLink,
  useRevokeLink,
  whoCanOpen,
} from './links.queries';

/** 'Opened 3 times, last on 28 November' / 'Not opened yet'. */
function viewsSaid(share: Pick<Share, 'views' | 'lastViewedAt'>): string {
  if (!share.views || !share.lastViewedAt) return 'Not opened yet';
  const last = new Date(share.lastViewedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'long',
  });
  return `Opened ${share.views === 1 ? 'once' : `${share.views} times`}, last on ${last}`;
}

/**
 * The files asked for with no signal: waiting, or made and kept here until saved. Read when the
 * section opens, when a file is made (its note on the files' channel) and after a removal; never
 * watched live, since a live query would open the rep's database anew after the account is deleted
 * from this very screen.
 */
function MadeFiles({ userId }: { userId: number }) {
  const [files, setFiles] = useState<LocalFile[]>([]);
  const read = useCallback(
    () =>
      void readFiles(openUserDb(userId)).then(setFiles, () => {
        setFiles([]);
      }),
    [userId],
  );
  useEffect(() => {
    read();
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(FILES_CHANNEL);
    channel.addEventListener('message', read);
    return () => channel.close();
  }, [read]);
  if (!files.length) return null;
  return (
    <>
      <h3 className="shared-links__files-heading">Files made for you</h3>
      <FileList
        files={files}
        onRemove={(id) => void removeFile(openUserDb(userId), id).then(read)}
      />
    </>
  );
}

export function SharedLinksSection({ userId }: { userId: number }) {
  const query = useQuery(linksQueryOptions(userId));
  const revoke = useRevokeLink(userId);
  const change = useChangeLink(userId);
  const [turningOff, setTurningOff] = useState<Share | null>(null);
  // What the last action on a link did, said beside it (a copy that failed, a new copy taken).
  const [said, setSaid] = useState<{ id: string; text: string } | null>(null);
  const copy = async (share: Share) =>
    setSaid({
      id: share.id,
      text: (await copyText(linkUrl(share)))
        ? 'Link copied.'
        : 'The link could not be copied: open it and copy its address.',
    });
  const changeLink = (share: Share, what: ShareChange, done: string) =>
    change.mutate(
      { id: share.id, change: what },
      {
        onSuccess: () => setSaid({ id: share.id, text: done }),
        onError: (error) => setSaid({ id: share.id, text: error.message }),
      },
    );
  return (
    <section className="account-section" id="links" aria-labelledby="links-heading">
      <h2 id="links-heading">Shared links</h2>
      <AccountList query={query} what="shared links">
        {query.data?.length ? (
          <ul className="shared-links__list">
            {query.data.map((share) => (
              <li key={share.id} className="shared-links__item">
                <p className="shared-links__title" id={`link-${share.id}`}>
                  {share.title}
                </p>
                <p className="muted">
                  {whoCanOpen(share)}. {viewsSaid(share)}.
                </p>
                <div className="shared-links__actions" aria-describedby={`link-${share.id}`}>
                  <a href={share.path} target="_blank" rel="noopener">
                    Open
                  </a>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    onClick={() => void copy(share)}
                  >
                    Copy link
                  </button>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    disabled={change.isPending}
                    onClick={() =>
                      share.anyone
                        ? changeLink(share, { anyone: false }, 'Only you can open it now.')
                        : changeLink(
                            share,
                            { anyone: true },
                            'Anyone with the link can open it now.',
                          )
                    }
                  >
                    {share.anyone ? 'Make it private' : 'Let anyone with the link open it'}
                  </button>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    disabled={change.isPending}
                    onClick={() =>
                      changeLink(share, { refresh: true }, 'The page now shows it as it is today.')
                    }
                  >
                    Take a new copy
                  </button>
                  <button
                    type="button"
                    className="pp-button pp-button--ghost"
                    onClick={() => setTurningOff(share)}
                  >
                    Turn off
                  </button>
                </div>
                <p className="muted" role="status">
                  {said?.id === share.id ? said.text : ''}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">
            No shared links. ‘Share’ under a result, on a saved analysis or atop a chat makes one,
            private to you until you choose.
          </p>
        )}
      </AccountList>
      <MadeFiles userId={userId} />
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
