/**
 * 'Share' on a result, on a saved analysis or atop a chat: make a link to a read-only copy of it
 * (the page at /s/<id>), private to the rep until they choose 'Anyone with the link', for a time
 * they choose (seven days unless they change it). Once made, the phone's share sheet takes the link
 * where there is one; elsewhere 'Copy link' puts it on the clipboard and says so. The link is made
 * on the server, so it needs a signal; the rep's links are listed, with their views, on the account
 * page. Below, the same content as a file (FileDownloads.tsx).
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_SHARE_EXPIRY,
  SHARE_EXPIRIES,
  SHOWN_NAME_MAX,
  type Share,
  type ShareExpiry,
} from '../../../domain/contract/share';
import { copyText } from '../../ui/copyText';
import { useOnline } from '../../ui/useOnline';
// oxlint-disable-next-line import/no-unassigned-import -- the sheet's stylesheet, loaded with it
import './links.css';
import { FileDownloads, sourceOf, type FileTarget } from './FileDownloads';
import { linkUrl, useChangeLink, useCreateLink, whoCanOpen } from './links.queries';

const EXPIRY_LABELS: Record<ShareExpiry, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  never: 'Never expires',
};

/**
 * What is shared: a chat (its reply `messageId`, or the whole chat) or a saved analysis, under its
 * title (the page's), with the phone's copy for files made with no signal.
 */
export type ShareTarget = FileTarget & {
  /**
   * Why a link cannot be made yet, when the server does not hold what the phone shows (an email's
   * edit, a saved analysis still on its way): a link now would show the copy before it, or nothing.
   */
  notOnServerYet?: string;
};

export function ShareLinkSheet({
  userId,
  target,
  onClose,
}: {
  userId: number;
  target: ShareTarget;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const online = useOnline();
  const [anyone, setAnyone] = useState(false);
  const [expiresIn, setExpiresIn] = useState<ShareExpiry>(DEFAULT_SHARE_EXPIRY);
  const [shownName, setShownName] = useState('');
  const create = useCreateLink(userId);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      ...sourceOf(target),
      anyone,
      expiresIn,
      ...(shownName.trim() ? { shownName: shownName.trim() } : {}),
    });
  };

  return (
    <dialog
      ref={dialog}
      className="dialog link-sheet"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
    >
      <h2 id={`${ids}-title`}>Share a link</h2>
      {create.data ? (
        <MadeLink
          userId={userId}
          share={create.data}
          title={target.title}
          onDone={() => dialog.current?.close()}
        />
      ) : (
        <form onSubmit={submit} className="link-sheet__form">
          <p className="muted">
            A read-only copy of “{target.title}” as it is now, with nothing else of your account.
          </p>
          <fieldset className="link-sheet__choice">
            <legend>Who can open it</legend>
            <label>
              <input
                type="radio"
                name={`${ids}-who`}
                checked={!anyone}
                onChange={() => setAnyone(false)}
              />
              Only you, for now
            </label>
            <label>
              <input
                type="radio"
                name={`${ids}-who`}
                checked={anyone}
                onChange={() => setAnyone(true)}
              />
              Anyone with the link
            </label>
          </fieldset>
          <label className="link-sheet__field">
            <span>Works for</span>
            <select
              value={expiresIn}
              onChange={(event) => setExpiresIn(event.target.value as ShareExpiry)}
            >
              {SHARE_EXPIRIES.map((expiry) => (
                <option key={expiry} value={expiry}>
                  {EXPIRY_LABELS[expiry]}
                </option>
              ))}
            </select>
          </label>
          <label className="link-sheet__field">
            <span>Your name on the page (optional)</span>
            <input
              className="text-box"
              value={shownName}
              maxLength={SHOWN_NAME_MAX}
              autoComplete="name"
              onChange={(event) => setShownName(event.target.value)}
            />
          </label>
          {!online ? (
            <p className="muted" id={`${ids}-why`}>
              Making a link needs a signal: try again once you are back online.
            </p>
          ) : (
            target.notOnServerYet && (
              <p className="muted" id={`${ids}-why`}>
                {target.notOnServerYet}
              </p>
            )
          )}
          {create.error && (
            <p className="form-error" role="alert">
              {create.error.message}
            </p>
          )}
          <div className="dialog__actions">
            <button
              type="button"
              className="pp-button pp-button--ghost"
              onClick={() => dialog.current?.close()}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="pp-button pp-button--primary"
              disabled={!online || target.notOnServerYet !== undefined || create.isPending}
              aria-describedby={
                online && target.notOnServerYet === undefined ? undefined : `${ids}-why`
              }
            >
              {create.isPending ? 'Making the link…' : 'Make the link'}
            </button>
          </div>
        </form>
      )}
      {create.data && (
        <p className="link-sheet__manage">
          <Link to="/account" hash="links">
            Your links and their views
          </Link>
        </p>
      )}
      <FileDownloads userId={userId} target={target} online={online} />
    </dialog>
  );
}

/** The link once made: said, and handed on by the phone's share sheet or copied. */
function MadeLink({
  userId,
  share,
  title,
  onDone,
}: {
  userId: number;
  share: Share;
  title: string;
  onDone: () => void;
}) {
  const url = linkUrl(share);
  const [said, setSaid] = useState('');
  const [current, setCurrent] = useState(share);
  const change = useChangeLink(userId);
  const field = useRef<HTMLInputElement>(null);
  // The form that made the link is gone: the focus goes to the link itself.
  useEffect(() => field.current?.focus(), []);
  const openToAnyone = () =>
    change.mutate(
      { id: share.id, change: { anyone: true } },
      {
        onSuccess: (changed) => {
          setCurrent(changed);
          setSaid('Anyone with the link can open it now.');
        },
        onError: (error) => setSaid(error.message),
      },
    );
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const shareIt = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setSaid('The share sheet did not open: copy the link instead.');
    }
  };
  const copy = async () =>
    setSaid(
      (await copyText(url))
        ? 'Link copied.'
        : 'The link could not be copied: select it and copy it.',
    );
  return (
    <div className="link-sheet__made">
      <p>{whoCanOpen(current)}.</p>
      <input
        ref={field}
        className="text-box link-sheet__url"
        readOnly
        value={url}
        aria-label="The link"
      />
      {!current.anyone && (
        <p className="muted">
          Sent as it is, the link opens for you alone.{' '}
          <button
            type="button"
            className="pp-button pp-button--ghost"
            disabled={change.isPending}
            onClick={openToAnyone}
          >
            Let anyone with the link open it
          </button>
        </p>
      )}
      <div className="dialog__actions">
        {canShare && (
          <button
            type="button"
            className="pp-button pp-button--primary"
            onClick={() => void shareIt()}
          >
            Share
          </button>
        )}
        <button type="button" className="pp-button" onClick={() => void copy()}>
          Copy link
        </button>
        <button type="button" className="pp-button pp-button--ghost" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="muted" role="status">
        {said}
      </p>
    </div>
  );
}
