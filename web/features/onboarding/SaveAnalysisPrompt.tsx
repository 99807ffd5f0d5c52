import { IonButton, IonIcon, IonInput, IonSpinner } from '@ionic/react';
import { closeOutline, mailOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError, OfflineError } from '../../data/api';
import { saveGuestAnalysis } from './analysis.queries';
import { IconButton } from '../../ui/IconButton';

/** A light check before the server's own: something@something.something. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SaveAnalysisPromptProps {
  /** Called once the server has the email, with the trimmed address. */
  onSaved: (email: string) => void;
  onDismiss: () => void;
}

/**
 * 'Want to save this analysis?': a guest leaves an email, with 'Send me
 * updates' ticked unless they untick it, and goes on to create the account their analysis moves into.
 */
export function SaveAnalysisPrompt({ onSaved, onDismiss }: SaveAnalysisPromptProps) {
  const [email, setEmail] = useState('');
  const [updates, setUpdates] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(address ? 'Enter a valid email address' : 'Enter your email address');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveGuestAnalysis({ email: address, updates });
      onSaved(address);
    } catch (failure) {
      setSaving(false);
      // The server's message (e.g. 'Enter a valid email address'), or the connection's.
      setError(
        failure instanceof ApiError || failure instanceof OfflineError
          ? failure.message
          : 'Could not save right now. Please try again.',
      );
    }
  };

  return (
    <div
      className="save-prompt"
      role="dialog"
      aria-modal="false"
      aria-labelledby="save-prompt-title"
    >
      <IconButton
        className="save-prompt__close"
        onClick={onDismiss}
        aria-label="Not now"
        icon={closeOutline}
      />
      <div className="save-prompt__head">
        <span className="save-prompt__icon" aria-hidden="true">
          <IonIcon icon={mailOutline} />
        </span>
        <div>
          <h2 id="save-prompt-title">Want to save this analysis?</h2>
          <p className="muted">Create a free account and it stays with your chats and plans.</p>
        </div>
      </div>
      <form
        className="save-prompt__form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-label="Save this analysis"
      >
        <IonInput
          className="text-field"
          label="Email"
          labelPlacement="stacked"
          fill="outline"
          type="email"
          inputmode="email"
          autocomplete="email"
          required
          value={email}
          onIonInput={(event) => setEmail(event.detail.value ?? '')}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={updates}
            onChange={(event) => setUpdates(event.target.checked)}
          />
          <span>Send me updates</span>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <IonButton type="submit" expand="block" disabled={saving}>
          {saving ? <IonSpinner name="dots" aria-label="Saving" /> : 'Save Analysis'}
        </IonButton>
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      </form>
    </div>
  );
}
