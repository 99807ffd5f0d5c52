/**
 * 'Edit before sending': the email's subject and body, editable, with the coach's score
 * following the typing. Loaded on demand with the coach (EmailResult.tsx, React.lazy), so neither
 * reaches the landing page's or the chat's first chunks.
 *
 * A full-screen native <dialog> (focus kept inside, Esc cancels) suits a phone with the keyboard
 * up: its header (Cancel, the score, Save) stays at the top and the form scrolls under it, its
 * height follows the keyboard (--keyboard-inset, useKeyboardInView) so the field typed in stays in
 * view. The coach runs 250 ms after the last keystroke, never on each one, and the score is announced
 * politely, only when it changes.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  coachEmail,
  factClaims,
  keptKey,
  type Check,
  type CoachContext,
  type FactClaim,
} from '../../../domain/coach';
import { factKey } from '../../../domain/coach/rules/sourced';
import type { MessageSource } from '../../../domain/contract/chat';
import { EMAIL_KEPT_FACTS_MAX, EMAIL_SUBJECT_MAX } from '../../../domain/contract/chatBasics';
import type { EmailDraft } from '../../../domain/drafts/coldEmail';
import { MESSAGE_MAX_CHARS } from '../../../domain/limits';
import { setTyping } from '../../ui/typingGuard';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
// oxlint-disable-next-line import/no-unassigned-import -- the editor's stylesheet, loaded with its chunk
import './emailEditor.css';
import { useDebounced } from '../../ui/useDebounced';
import type { EditedEmail } from './emailEdits';
import { cutFact, EmailFacts } from './EmailFacts';

/** How long the typing must pause before the coach scores it again. */
const COACH_DEBOUNCE_MS = 250;

interface EmailEditorProps {
  /** The email as the model or the offline drafter wrote it: 'Revert to original' goes back to it. */
  original: EmailDraft;
  /** The email as it stands now (the saved edit, or the original), with the facts kept unsourced. */
  current: EditedEmail;
  /** What the flow knows about the recipient, for the coach's personalisation and facts checks. */
  context: CoachContext;
  /** The numbered sources the email's '[1]' marks cite. */
  sources: readonly MessageSource[];
  onSave: (email: EditedEmail) => void;
  onClose: () => void;
}

/** The score in one word. */
function scoreWord(score: number): 'Strong' | 'Okay' | 'Needs work' {
  return score >= 80 ? 'Strong' : score >= 60 ? 'Okay' : 'Needs work';
}

const STATUS_WORD: Record<Check['status'], string> = {
  good: 'Good',
  warn: 'Could be better',
  bad: 'Fix this',
};

export function EmailEditor({
  original,
  current,
  context: given,
  sources,
  onSave,
  onClose,
}: EmailEditorProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [subject, setSubject] = useState(current.subject);
  const [body, setBody] = useState(current.body);
  const [keptAtOpen] = useState<readonly string[]>(() => current.kept ?? []);
  const [kept, setKept] = useState(keptAtOpen);
  const context = useMemo(
    () => (given.facts ? { ...given, facts: { ...given.facts, kept } } : given),
    [given, kept],
  );
  const ids = useId();
  useKeyboardInView();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);

  const typed = useMemo(() => ({ subject, body }), [subject, body]);
  const settled = useDebounced(typed, COACH_DEBOUNCE_MS);
  const coaching = useMemo(() => coachEmail(settled, context), [settled, context]);
  const word = scoreWord(coaching.score);
  const tone = word === 'Strong' ? 'strong' : word === 'Okay' ? 'okay' : 'weak';
  const isOriginal = subject === original.subject && body === original.body;
  const changed = subject !== current.subject || body !== current.body || kept !== keptAtOpen;
  const [askingToDiscard, setAskingToDiscard] = useState(false);

  // Unsaved text: the app does not reload itself for a new version while it is here.
  useEffect(() => {
    setTyping('email-editor', changed);
    return () => setTyping('email-editor', false);
  }, [changed]);

  /** Cancel (the button, Esc, Android's back gesture): asks first when the email was changed. */
  const handleCancel = () => {
    if (changed && !askingToDiscard) setAskingToDiscard(true);
    else onClose();
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    // Only what the body still says is kept (a fact cut or rewritten since needs no keeping), the
    // latest EMAIL_KEPT_FACTS_MAX.
    const still = new Set(factClaims(body, context).map((claim) => keptKey(claim.text)));
    const keep = kept.filter((fact) => still.has(fact)).slice(-EMAIL_KEPT_FACTS_MAX);
    onSave({ subject, body, kept: keep });
  };
  const handleRevert = () => {
    setSubject(original.subject);
    setBody(original.body);
  };
  const keepFact = (claim: FactClaim) => setKept((facts) => [...facts, keptKey(claim.text)]);
  // Cut from the body as it is now (the list may be a pause behind the typing), found by its words.
  const cutFactOut = (claim: FactClaim) =>
    setBody((now) => {
      const key = factKey(claim.text);
      const found = factClaims(now, context).find((c) => factKey(c.text) === key);
      return found ? cutFact(now, found) : now;
    });

  return (
    <dialog
      ref={dialog}
      className="email-editor"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault();
        handleCancel();
      }}
    >
      <form className="email-editor__form" onSubmit={handleSubmit}>
        <header className="email-editor__bar">
          <button
            type="button"
            className="pp-button pp-button--ghost email-editor__bar-button"
            onClick={handleCancel}
          >
            Cancel
          </button>
          <div className="email-editor__heading">
            <h2 id={`${ids}-title`} className="email-editor__title">
              Edit email
            </h2>
            {/* The score in sight while the keyboard hides the coach below (the meter says it to a screen reader). */}
            <p className={`email-editor__bar-score email-coach--${tone}`} aria-hidden="true">
              Score {coaching.score} · {word}
            </p>
          </div>
          <button type="submit" className="pp-button pp-button--primary email-editor__bar-button">
            Save
          </button>
        </header>
        {askingToDiscard && (
          <div
            className="email-editor__discard"
            role="alertdialog"
            aria-labelledby={`${ids}-discard`}
          >
            <p id={`${ids}-discard`}>Discard your changes to this email?</p>
            <div className="email-editor__discard-actions">
              <button
                type="button"
                className="pp-button pp-button--ghost email-editor__bar-button"
                onClick={() => setAskingToDiscard(false)}
                autoFocus
              >
                Keep editing
              </button>
              <button
                type="button"
                className="pp-button pp-button--ghost email-editor__bar-button email-editor__discard-button"
                onClick={onClose}
              >
                Discard
              </button>
            </div>
          </div>
        )}
        <div className="email-editor__scroll">
          <section className={`email-coach email-coach--${tone}`} aria-label="Coach">
            <div
              className="email-coach__score"
              id={`${ids}-score`}
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={coaching.score}
              aria-valuetext={`${coaching.score} out of 100, ${word}`}
              aria-label="Coach score"
              style={{ '--score': coaching.score } as React.CSSProperties}
            >
              <span className="email-coach__number" aria-hidden="true">
                {coaching.score}
              </span>
            </div>
            <div className="email-coach__summary">
              <p className="email-coach__word">{word}</p>
              <p className="email-coach__hint">Coach score out of 100, updated as you type.</p>
            </div>
            {/* Said once the typing pauses and only when the score moves: polite, never on every keystroke. */}
            <p className="visually-hidden" aria-live="polite" aria-atomic="true">
              Score {coaching.score}, {word}
            </p>
          </section>

          <label className="email-editor__field" data-keyboard-step>
            <span className="email-editor__label">Subject</span>
            <input
              className="email-editor__input"
              name="subject"
              value={subject}
              maxLength={EMAIL_SUBJECT_MAX}
              autoComplete="off"
              enterKeyHint="next"
              onChange={(event) => setSubject(event.target.value)}
            />
          </label>
          <label className="email-editor__field email-editor__field--body" data-keyboard-step>
            <span className="email-editor__label">Body</span>
            <textarea
              className="email-editor__textarea"
              name="body"
              value={body}
              maxLength={MESSAGE_MAX_CHARS}
              rows={12}
              onChange={(event) => setBody(event.target.value)}
            />
          </label>
          <EmailFacts
            body={settled.body}
            context={context}
            sources={sources}
            onKeep={keepFact}
            onCut={cutFactOut}
          />
          {!isOriginal && (
            <button
              type="button"
              className="pp-button pp-button--ghost email-editor__revert"
              onClick={handleRevert}
            >
              Revert to original
            </button>
          )}

          <section className="email-coach__fixes" aria-labelledby={`${ids}-fixes`}>
            <h3 id={`${ids}-fixes`}>{coaching.fixes.length ? 'Top fixes' : 'Nothing to fix'}</h3>
            {coaching.fixes.length > 0 ? (
              <ol className="email-coach__fix-list">
                {coaching.fixes.map((fix) => (
                  <li
                    key={fix.id}
                    className={`email-coach__fix email-coach__fix--${fix.status}`}
                    data-check={fix.id}
                  >
                    {fix.text}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">Every check passes. Send it.</p>
            )}
          </section>

          <details className="email-coach__details">
            <summary>All checks ({coaching.checks.length})</summary>
            <ul className="email-coach__checks">
              {coaching.checks.map((check) => (
                <li
                  key={check.id}
                  className={`email-coach__check email-coach__check--${check.status}`}
                  data-check={check.id}
                >
                  <span className="email-coach__check-status">{STATUS_WORD[check.status]}:</span>{' '}
                  {check.label}
                  {check.fix && <span className="email-coach__check-fix">{check.fix}</span>}
                </li>
              ))}
            </ul>
          </details>
        </div>
      </form>
    </dialog>
  );
}
