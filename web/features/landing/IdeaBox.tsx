import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { arrowForwardOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useRotatingPlaceholder } from './useRotatingPlaceholder';

interface IdeaBoxProps {
  /** Called with the trimmed idea when the visitor asks for the analysis. */
  onAnalyze: (idea: string) => void;
}

/** The landing page's idea input and its 'Analyze (without signing up)' button, disabled while blank. */
export function IdeaBox({ onAnalyze }: IdeaBoxProps) {
  const [idea, setIdea] = useState('');
  const trimmed = idea.trim();
  // Stop rotating once the visitor starts typing: the placeholder is hidden then anyway.
  const placeholder = useRotatingPlaceholder(idea === '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onAnalyze(trimmed);
  };

  return (
    <form className="idea-box" onSubmit={handleSubmit}>
      <IonInput
        className="idea-box__input"
        aria-label="Your startup idea"
        placeholder={placeholder}
        value={idea}
        maxlength={500}
        fill="outline"
        enterkeyhint="go"
        autocapitalize="sentences"
        onIonInput={(event) => setIdea(event.detail.value ?? '')}
      />
      <IonButton type="submit" expand="block" size="large" className="idea-box__submit" disabled={!trimmed}>
        Analyze (without signing up)
        <IonIcon slot="end" icon={arrowForwardOutline} aria-hidden="true" />
      </IonButton>
      {/* Lets Enter in the field submit the form: Ionic's button is not a native submit button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" disabled={!trimmed} />
      <p className="idea-box__hint">Free · No account needed · Market size, value proposition, pricing and the YC checklist</p>
    </form>
  );
}
