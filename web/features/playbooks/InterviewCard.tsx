import { Link } from '@tanstack/react-router';
import {
  arrowBackOutline,
  arrowForwardOutline,
  checkmarkCircle,
  personCircleOutline,
  sparkles,
} from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import type { FlowType, Option, Question } from '../../../domain/playbooks';
import type { ProfileField } from '../../../domain/contract/profile';
import { ANSWER_MAX_CHARS } from '../../../domain/playbooks/flow';
import { TRANSCRIPT_FILE_HINT, appendAttachedText } from '../../../domain/transcripts/attach';
import { NO_VALUE_PROPS_MESSAGE } from '../../../domain/playbooks/valueProposition';
import {
  AttachMessage,
  AttachTranscriptButton,
  type AttachNote,
} from '../transcripts/AttachTranscriptButton';
import type { PitchpadDb } from '../../data/db';
import { KEYBOARD_STEP } from '../../ui/useKeyboardInView';
import { MicButton } from '../debrief/MicButton';
import type { StepView } from './flowMachine';
import type { FlowStatus } from './useFlowSession';
import { InlineIcon } from '../../ui/InlineIcon';

interface InterviewCardProps {
  /** The microphone's, on a step that takes a transcript: where its transcript goes. */
  voice?: { db: PitchpadDb; flow: FlowType };
  view: StepView;
  status: FlowStatus;
  /** The generated value propositions (last value-proposition step). */
  options: string[] | null;
  /** Said above the options when they are drafts of the answers, not a model's (no model connected). */
  optionsNote?: string | undefined;
  /** The option just picked, during the pick delay. */
  picked: string | null;
  /** Why the answer cannot go on yet (a validation message), shown above the buttons. */
  notice?: string | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  onSkip: () => void;
  onPick: (value: string) => void;
  /** Said above the buttons before the rep taps them (what the last step gives when no model is connected). */
  footnote?: ReactNode;
  /** Under the answer: 'Look it up' on a step naming whom to research. */
  lookUp?: ReactNode;
  /** The answer shown is the rep's profile's: said beside the field. */
  fromProfile?: boolean;
  /** The answer differs from the profile's and can be saved there: 'Save to your profile'. */
  profileChange?: ProfileChange | null;
  onSaveToProfile?: (change: ProfileChange) => void;
  /** The steps the profile answered that are not asked: a summary the rep can open to change one. */
  profileSummary?: { question: Question; answer: string }[];
  onOpenStep?: (questionId: string) => void;
}

type ProfileChange = { field: ProfileField; value: string };

export const FROM_PROFILE_LABEL = 'from your profile';
export const SAVE_TO_PROFILE_LABEL = 'Save to your profile';

/**
 * One question of a guided flow: the question, its description, the answer control and 'Question N
 * of M'. Blank answers cannot be submitted, and nothing can while a request is loading (a second
 * tap would send it twice). Select steps show their first option chosen until another is picked.
 */
export function InterviewCard({
  voice,
  view,
  status,
  options,
  optionsNote,
  picked,
  notice,
  onChange,
  onSubmit,
  onBack,
  onSkip,
  onPick,
  footnote,
  lookUp,
  fromProfile = false,
  profileChange = null,
  onSaveToProfile,
  profileSummary = [],
  onOpenStep,
}: InterviewCardProps) {
  const id = useId();
  const busy = status !== 'ready';
  const { question, control } = view;
  const field = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const maxLength = question.maxLength ?? ANSWER_MAX_CHARS;
  // What the paperclip last said (a refused file, or a transcript cut to fit), for this question only.
  const [attached, setAttached] = useState<(AttachNote & { step: string }) | null>(null);
  const attachMessage = attached?.step === question.id ? attached : null;
  const handleAttach = (text: string) => {
    // Appended after what was typed, never in its place.
    const { value, note } = appendAttachedText(view.value, text, maxLength);
    onChange(value);
    setAttached(note ? { step: question.id, text: note, problem: false } : null);
  };

  // Moving to a new question gives it the focus, so a phone keeps its keyboard up between text
  // steps. The first question shown takes it only when the rep has just tapped to get here (a tool
  // card, the Tools menu): they came to answer, and a tap into the field would be one more. Opened
  // by a reload or a link, it waits: the keyboard would cover the card on arrival.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = question.id;
    if ((!first || justTapped()) && (control === 'text' || control === 'textarea'))
      field.current?.focus({ preventScroll: true });
  }, [question.id, control]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  // Enter moves on, as in the chat's input (Shift+Enter is a new line): a phone's keyboard then
  // walks through the questions without a tap on Next. A pasted transcript is the exception, being
  // lines by nature: there Enter is a new line and Ctrl/Cmd+Enter moves on.
  const enterIsNewLine = question.acceptsTranscriptFile === true;
  const handleTextareaKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const submits = event.metaKey || event.ctrlKey || (!enterIsNewLine && !event.shiftKey);
    if (submits) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <form
      className="interview-card"
      onSubmit={handleSubmit}
      aria-labelledby={`${id}-q`}
      aria-busy={busy}
      noValidate
      // What shows under the field changes as the rep types (a 'Look it up' hint): the step is
      // kept in view with the keyboard as it grows (web/ui/useKeyboardInView.ts).
      {...{ [KEYBOARD_STEP]: '' }}
    >
      <div className="interview-card__progress" aria-hidden="true">
        <span style={{ width: `${((view.index + 1) / view.total) * 100}%` }} />
      </div>
      <p className="interview-card__counter">{view.counter}</p>
      <h2 id={`${id}-q`} className="interview-card__question">
        {question.question}
      </h2>
      <p id={`${id}-d`} className="interview-card__description">
        {question.description}
      </p>
      {fromProfile && (
        <p className="interview-card__from-profile">
          <InlineIcon icon={personCircleOutline} />
          {FROM_PROFILE_LABEL}
        </p>
      )}

      {control === 'textarea' && (
        <textarea
          ref={field}
          className="text-box interview-card__input interview-card__input--area"
          value={view.value}
          onChange={(event) => {
            setAttached(null);
            onChange(event.target.value);
          }}
          onKeyDown={handleTextareaKey}
          placeholder={question.placeholder ?? 'Type your answer...'}
          aria-labelledby={`${id}-q`}
          aria-describedby={notice ? `${id}-d ${id}-notice` : `${id}-d`}
          aria-invalid={notice ? true : undefined}
          rows={5}
          maxLength={maxLength}
          // Next stays in view above the keyboard (web/ui/useKeyboardInView.ts).
          enterKeyHint={enterIsNewLine ? 'enter' : view.primaryLabel === 'Next' ? 'next' : 'go'}
          disabled={status === 'finishing'}
        />
      )}
      {control === 'textarea' && question.acceptsTranscriptFile && (
        <div className="interview-card__attach">
          {voice && (
            <MicButton
              db={voice.db}
              target={{ kind: 'flow', flow: voice.flow, answer: question.id }}
              onTranscript={handleAttach}
              disabled={busy}
            />
          )}
          <AttachTranscriptButton
            onAttach={handleAttach}
            onProblem={(text) => setAttached({ step: question.id, text, problem: true })}
            disabled={busy}
            describedBy={`${id}-attach`}
          />
          <span id={`${id}-attach`}>{TRANSCRIPT_FILE_HINT}</span>
        </div>
      )}
      {attachMessage && <AttachMessage note={attachMessage} />}
      {lookUp}
      {control === 'text' && (
        <input
          ref={field}
          className="text-box interview-card__input"
          value={view.value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={question.placeholder ?? 'Type your answer...'}
          aria-labelledby={`${id}-q`}
          aria-describedby={notice ? `${id}-d ${id}-notice` : `${id}-d`}
          aria-invalid={notice ? true : undefined}
          maxLength={2000}
          inputMode={question.inputMode}
          {...(question.inputMode === 'url'
            ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }
            : {})}
          enterKeyHint={view.primaryLabel === 'Next' ? 'next' : 'go'}
          disabled={status === 'finishing'}
        />
      )}
      {control === 'select' && (
        <Choices
          name={`${id}-choice`}
          options={question.options ?? []}
          value={view.value}
          labelledBy={`${id}-q`}
          disabled={busy}
          onChange={onChange}
        />
      )}
      {control === 'cards' && (
        <Cards
          options={question.options ?? []}
          value={view.value}
          labelledBy={`${id}-q`}
          disabled={busy}
          onPick={onPick}
        />
      )}
      {control === 'generated' && (
        <Generated
          options={options}
          note={optionsNote}
          status={status}
          picked={picked}
          value={view.value}
          labelledBy={`${id}-q`}
          onPick={onPick}
        />
      )}

      {profileChange && onSaveToProfile && (
        <button
          type="button"
          className="pp-button pp-button--ghost interview-card__save-profile"
          onClick={() => onSaveToProfile(profileChange)}
          disabled={busy}
        >
          {SAVE_TO_PROFILE_LABEL}
        </button>
      )}
      {profileSummary.length > 0 && (
        <details className="profile-summary">
          <summary>
            {profileSummary.length === 1
              ? '1 more answer from your profile'
              : `${profileSummary.length} more answers from your profile`}
          </summary>
          <ul>
            {profileSummary.map(({ question: q, answer }) => (
              <li key={q.id} className="profile-summary__item">
                <span className="profile-summary__question">{q.question}</span>
                <span className="profile-summary__answer">{answer}</span>
                <button
                  type="button"
                  className="pp-button pp-button--ghost profile-summary__change"
                  onClick={() => onOpenStep?.(q.id)}
                  disabled={busy}
                  aria-label={`Change: ${q.question}`}
                >
                  Change
                </button>
              </li>
            ))}
          </ul>
          <Link to="/profile" className="profile-summary__edit">
            Edit your profile
          </Link>
        </details>
      )}
      {notice && (
        <p id={`${id}-notice`} className="flow-error interview-card__notice" role="alert">
          {notice}
        </p>
      )}
      {footnote}
      <div className="interview-card__actions">
        {view.canGoBack && (
          <button
            type="button"
            className="pp-button interview-card__back"
            onClick={onBack}
            disabled={busy}
          >
            <InlineIcon icon={arrowBackOutline} />
            Back
          </button>
        )}
        {view.primaryLabel && (
          <button
            type="submit"
            className="pp-button pp-button--primary interview-card__next"
            disabled={!view.canSubmit || busy}
            // Waiting for an answer: the question it waits for is its reason.
            aria-describedby={!view.canSubmit && !busy ? `${id}-q` : undefined}
          >
            {status === 'finishing' ? (
              <span className="pp-spinner pp-spinner--small" aria-hidden="true" />
            ) : null}
            {view.primaryLabel}
            {view.primaryLabel === 'Next' ? (
              <InlineIcon icon={arrowForwardOutline} />
            ) : (
              status !== 'finishing' && <InlineIcon icon={sparkles} />
            )}
          </button>
        )}
      </div>
      {status === 'finishing' && (
        <p className="interview-card__working" role="status">
          Working on it… this can take a little while.
        </p>
      )}
      {view.skip && (
        <div className="interview-card__skip">
          <button
            type="button"
            className="pp-button pp-button--ghost"
            onClick={onSkip}
            disabled={!view.skip.enabled || busy}
            aria-describedby={view.skip.hint ? `${id}-skip` : undefined}
          >
            {view.skip.label}
          </button>
          {view.skip.hint && (
            <p id={`${id}-skip`} className="interview-card__hint">
              {view.skip.hint}
            </p>
          )}
        </div>
      )}
    </form>
  );
}

function Choices({
  name,
  options,
  value,
  labelledBy,
  disabled,
  onChange,
}: {
  name: string;
  options: Option[];
  value: string;
  labelledBy: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const described = options.some((o) => o.description);
  return (
    <div
      className={`choices${described ? ' choices--described' : ''}`}
      role="radiogroup"
      aria-labelledby={labelledBy}
    >
      {options.map((o) => (
        <label key={o.value} className={`choice${o.value === value ? ' choice--checked' : ''}`}>
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            disabled={disabled}
            onChange={() => onChange(o.value)}
          />
          <span className="choice__text">
            <span className="choice__label">{o.label}</span>
            {o.description && <span className="choice__description">{o.description}</span>}
          </span>
          <InlineIcon icon={checkmarkCircle} className="choice__check" />
        </label>
      ))}
    </div>
  );
}

function Cards({
  options,
  value,
  labelledBy,
  disabled,
  onPick,
}: {
  options: Option[];
  value: string;
  labelledBy: string;
  disabled: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <div className="flow-cards" role="group" aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={`flow-card${o.value === value ? ' flow-card--chosen' : ''}`}
          aria-pressed={o.value === value}
          disabled={disabled}
          onClick={() => onPick(o.value)}
        >
          <span className="flow-card__title">{o.label}</span>
          {o.description && <span className="flow-card__description">{o.description}</span>}
        </button>
      ))}
    </div>
  );
}

function Generated({
  options,
  note,
  status,
  picked,
  value,
  labelledBy,
  onPick,
}: {
  options: string[] | null;
  note: string | undefined;
  status: FlowStatus;
  picked: string | null;
  value: string;
  labelledBy: string;
  onPick: (value: string) => void;
}) {
  if (status === 'generating' || (!options && status !== 'ready')) {
    return (
      <div className="flow-generating" role="status">
        <span className="pp-spinner" aria-hidden="true" />
        Writing three value propositions from your answers…
      </div>
    );
  }
  if (!options?.length)
    return (
      <p className="flow-error" role="alert">
        {NO_VALUE_PROPS_MESSAGE}
      </p>
    );
  return (
    <div className="flow-cards flow-cards--options" role="group" aria-labelledby={labelledBy}>
      {note && <p className="flow-options-note">{note}</p>}
      {options.map((option) => {
        const chosen = picked === option || (picked === null && value === option);
        return (
          <button
            key={option}
            type="button"
            className={`flow-card flow-card--option${chosen ? ' flow-card--chosen' : ''}`}
            aria-pressed={chosen}
            disabled={status !== 'ready' || (picked !== null && picked !== option)}
            onClick={() => onPick(option)}
          >
            <span className="flow-card__title">{option}</span>
            {chosen && <InlineIcon icon={checkmarkCircle} className="flow-card__check" />}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Whether the rep has just tapped or typed (the browser's transient user activation, a few seconds
 * long): true when a card or the menu opened this question, false after a reload. Browsers without
 * the API are treated as not.
 */
function justTapped(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } })
    .userActivation;
  return activation?.isActive === true;
}
