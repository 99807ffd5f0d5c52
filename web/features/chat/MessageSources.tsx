import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { documentTextOutline, globeOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import type { MessageSource } from '../../../domain/contract/chat';
import { passagePlace } from '../../../domain/profile/promptBlock';
import { ApiError, OfflineError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { kitPassageQueryOptions } from './chat.queries';

/**
 * 'Sources' under an answer written with passages of the rep's sales kit or pages of their research:
 * one entry each, numbered as the answer cites them ([1], [2]); tapping a passage shows it in a
 * sheet, a page opens its research.
 */
export function MessageSources({ sources }: { sources: readonly MessageSource[] }) {
  const [open, setOpen] = useState<{ source: MessageSource; n: number } | null>(null);
  const headingId = useId();
  return (
    <section className="message-sources" aria-labelledby={headingId}>
      <h3 id={headingId} className="message-sources__title">
        Sources
      </h3>
      <ol className="message-sources__list">
        {sources.map((source, i) => (
          <li key={source.passageId}>
            {source.research ? (
              // A page of the rep's research: it opens in that research, kept on the phone, found by
              // its address (a refresh may number the research's pages anew).
              <Link
                to="/research/$researchId"
                params={{ researchId: source.research.id }}
                search={{ page: source.research.url }}
                className="message-sources__item"
              >
                <span className="message-sources__number" aria-hidden="true">
                  [{i + 1}]
                </span>
                <InlineIcon icon={globeOutline} />
                <span className="message-sources__name">{source.fileName}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="message-sources__item"
                onClick={() => setOpen({ source, n: i + 1 })}
              >
                <span className="message-sources__number" aria-hidden="true">
                  [{i + 1}]
                </span>
                <InlineIcon icon={documentTextOutline} />
                <span className="message-sources__name">{source.fileName}</span>
                {source.page !== null && (
                  <span className="message-sources__page">p. {source.page}</span>
                )}
              </button>
            )}
          </li>
        ))}
      </ol>
      {open && <PassageSheet {...open} onClose={() => setOpen(null)} />}
    </section>
  );
}

/**
 * The passage a source names, in a native dialog (focus kept inside, Esc closes), as a bottom sheet
 * on a phone. `n`: its number in the answer's Sources, when it is one (a search's hit is not).
 */
export function PassageSheet({
  source,
  n,
  onClose,
}: {
  source: MessageSource;
  n?: number;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const passage = useQuery(kitPassageQueryOptions(source.passageId));
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const gone = passage.error instanceof ApiError && passage.error.status === 404;
  return (
    <dialog
      ref={dialog}
      className="dialog passage-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <h2 id={titleId}>
        {n !== undefined && `[${n}] `}
        {passagePlace(source)}
      </h2>
      {passage.isPending ? (
        <p className="muted" role="status">
          Loading the passage…
        </p>
      ) : gone ? (
        <p role="status">This file is no longer in your sales kit.</p>
      ) : passage.error ? (
        <p role="alert">
          {passage.error instanceof OfflineError
            ? 'You are offline: the passage opens once you are back online.'
            : passage.error.message}
        </p>
      ) : (
        <blockquote className="passage-sheet__text">{passage.data.text}</blockquote>
      )}
      <div className="dialog__actions">
        <button
          type="button"
          className="pp-button pp-button--ghost"
          onClick={() => dialog.current?.close()}
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
