import { useState } from 'react';
import type { FormEvent } from 'react';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { useHydrating } from '../../prerender/takeover';
import { takeTypedValue } from '../../prerender/typedValues';
import { useAuth } from '../auth/auth.queries';
import { ConnectModelLink, NO_MODEL_LABEL, NO_MODEL_OUTCOMES } from '../settings/NoModelNotice';
import { isOperator, useNoModel } from '../settings/modelStatus';
import { useRotatingPlaceholder } from './useRotatingPlaceholder';

const NEEDS_IDEA_ID = 'idea-box-needs-idea';

interface IdeaBoxProps {
  /** Called with the trimmed idea when the visitor asks for the analysis. */
  onAnalyze: (idea: string) => void;
}

/**
 * The landing page's idea input and its 'Analyze (without signing up)' button, disabled while blank
 * ('Analyze' for a rep who is signed in: the app knows it once the page is hydrated, so the
 * prerendered page and its hydration say the guest's words).
 * A native input and button styled with Ionic's variables, not IonInput/IonButton: the page is
 * prerendered (prerender/render.tsx), and Ionic's elements draw nothing until their script runs.
 * The prerendered button is enabled (no script could enable it once an idea is typed), and a press
 * before the app has taken the page over is kept and carried out then (domain/contract/earlyTapScript.ts);
 * the form posts, never a GET that would put the idea into the address.
 */
export function IdeaBox({ onAnalyze }: IdeaBoxProps) {
  // Typed into the prerendered page before the app took it over: kept (prerender/typedValues.ts).
  const [idea, setIdea] = useState(() => takeTypedValue('idea'));
  const trimmed = idea.trim();
  // Stop rotating once the visitor starts typing: the placeholder is hidden then anyway.
  const placeholder = useRotatingPlaceholder(idea === '');
  const hydrating = useHydrating();
  // Null while the prerendered page hydrates (useAuth), so the build's HTML and the first render agree.
  const { user } = useAuth();
  // Disabled while blank, as a dimmed button alone reads as broken: the line under it says what to type.
  const waiting = !trimmed && !hydrating;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onAnalyze(trimmed);
  };

  return (
    <form className="idea-box" method="post" onSubmit={handleSubmit} {...earlyTap('analyze')}>
      <input
        className="idea-box__input"
        name="idea"
        aria-label="Your startup idea"
        placeholder={placeholder}
        value={idea}
        maxLength={500}
        enterKeyHint="go"
        autoCapitalize="sentences"
        onChange={(event) => setIdea(event.target.value)}
      />
      <button
        type="submit"
        className="idea-box__submit"
        disabled={waiting}
        aria-describedby={waiting ? NEEDS_IDEA_ID : undefined}
      >
        {user ? 'Analyze' : 'Analyze (without signing up)'}
        <ArrowForward />
      </button>
      {/* Says why the button waits, right under it. Its line is kept while hidden, so the first
          letter typed moves nothing under the thumb. */}
      <p
        id={NEEDS_IDEA_ID}
        className={`idea-box__needs${waiting ? '' : ' idea-box__needs--hidden'}`}
      >
        Type your idea above, in a sentence, to analyze it.
      </p>
      <IdeaBoxHint />
    </form>
  );
}

/**
 * What the analysis gives, under the button. The page is prerendered and cannot know whether the
 * server has a model, so both lines are drawn in one spot, the one not meant hidden: the spot is as
 * tall as the taller of the two from the first paint, and showing the no-model line once the server
 * has answered moves nothing on the page.
 */
function IdeaBoxHint() {
  const noModel = useNoModel();
  const { user } = useAuth();
  return (
    <div className="idea-box__hints">
      <p className={`idea-box__hint${noModel ? ' idea-box__hint--hidden' : ''}`}>
        {user ? 'Free' : 'Free · No account needed'} · Market size, value proposition, pricing and
        the YC checklist
      </p>
      <p
        className={`idea-box__hint callout-text${noModel ? '' : ' idea-box__hint--hidden'}`}
        role={noModel ? 'note' : undefined}
      >
        <strong>{NO_MODEL_LABEL}</strong> {NO_MODEL_OUTCOMES.analysis}.
        {noModel && isOperator(user) && (
          <>
            {' '}
            <ConnectModelLink />
          </>
        )}
      </p>
    </div>
  );
}

/** Ionicons' arrow-forward-outline, inline: no icon code to wait for. */
function ArrowForward() {
  return (
    <svg className="idea-box__arrow" viewBox="0 0 512 512" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeLinejoin="round"
        strokeWidth="48"
        d="M268 112l144 144-144 144M392 256H100"
      />
    </svg>
  );
}
