import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { sparkles } from 'ionicons/icons';
import type { FormEvent } from 'react';
import { NoModelNotice } from '../settings/NoModelNotice';

/** The server's limit (domain/contract/analysis.ts IDEA_MAX_CHARS), restated to keep zod out of this chunk. */
export const IDEA_MAX_CHARS = 2000;

interface IdeaFormProps {
  idea: string;
  onIdeaChange: (idea: string) => void;
  /** Called with the trimmed idea. */
  onSubmit: (idea: string) => void;
  analysing: boolean;
  error: string | null;
}

/** The idea input and 'Generate GTM Analysis': disabled while the idea is blank or an analysis runs. */
export function IdeaForm({ idea, onIdeaChange, onSubmit, analysing, error }: IdeaFormProps) {
  const trimmed = idea.trim();
  const disabled = !trimmed || analysing;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSubmit(trimmed);
  };

  return (
    <form className="idea-form panel" onSubmit={handleSubmit} aria-label="Startup idea">
      <label htmlFor="onboarding-idea" className="idea-form__label">
        Your startup idea
      </label>
      <textarea
        id="onboarding-idea"
        className="idea-form__input"
        value={idea}
        onChange={(event) => onIdeaChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends on a keyboard that has Shift; a new line needs Shift+Enter.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            if (!disabled) onSubmit(trimmed);
          }
        }}
        placeholder="e.g. A marketplace where labs sell their unused equipment to startups"
        rows={4}
        maxLength={IDEA_MAX_CHARS}
        readOnly={analysing}
        aria-describedby="onboarding-idea-hint"
        enterKeyHint="go"
        autoCapitalize="sentences"
      />
      <div className="idea-form__meta" id="onboarding-idea-hint">
        <span>
          {trimmed
            ? 'Who it is for, what it does, and how it makes money.'
            : 'Type your idea to analyse it: who it is for, what it does, and how it makes money.'}
        </span>
        <span aria-hidden="true">
          {idea.length}/{IDEA_MAX_CHARS}
        </span>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {/* Before the tap: what the analysis is when the server has no model. */}
      <NoModelNotice outcome="analysis" />
      <IonButton
        type="submit"
        expand="block"
        size="large"
        disabled={disabled}
        // Blank, the button waits for the idea: the hint under the box says what to type.
        aria-describedby={trimmed ? undefined : 'onboarding-idea-hint'}
        className="idea-form__submit"
      >
        {analysing ? (
          <IonSpinner slot="start" name="crescent" aria-hidden="true" />
        ) : (
          <IonIcon slot="start" icon={sparkles} aria-hidden="true" />
        )}
        Generate GTM Analysis
      </IonButton>
      {/* Lets Enter submit the form from assistive tech: Ionic's button is not a native submit button. */}
      <button
        type="submit"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
      />
    </form>
  );
}
