/**
 * Settings → Model's speech section: the model that transcribes voice debriefs. By default the chat
 * model's server (OpenAI's whisper-1 beside gpt-4o); or another OpenAI-compatible speech server
 * (faster-whisper, whisper.cpp) by its address, with an optional key. 'Test' sends the server a
 * second of silence; what the environment sets shows read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { checkmarkCircle, informationCircleOutline } from 'ionicons/icons';
import { useId, useState, type FormEvent } from 'react';
import type { SpeechSettingsResponse } from '../../../domain/contract/settings';
import { InlineIcon } from '../../ui/InlineIcon';
import { useToast } from '../../ui/ToastProvider';
import { ChoiceOption, SetByEnvironment, SettingsField, URL_FIELD } from './OperatorSettings';
import {
  speechSettingsQueryOptions,
  useSaveSpeechSettings,
  useTestSpeech,
} from './settings.queries';

const WHERE = [
  {
    value: 'chat',
    title: 'The chat model’s server',
    description: 'OpenAI, or a server that has a speech model beside its chat models.',
  },
  {
    value: 'own',
    title: 'Another speech server',
    description: 'A faster-whisper or whisper.cpp server, or any OpenAI-compatible address.',
  },
] as const;

export function SpeechSettingsSection() {
  const settings = useQuery(speechSettingsQueryOptions);
  if (settings.isError)
    return (
      <p className="form-error speech-settings" role="alert">
        Could not load the speech model’s settings: {settings.error.message}
      </p>
    );
  if (!settings.data) return null;
  // Keyed by the save time: a save starts the form from what is stored.
  return <SpeechForm key={settings.data.updatedAt ?? 'none'} saved={settings.data} />;
}

function SpeechForm({ saved }: { saved: SpeechSettingsResponse }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveSpeechSettings();
  const test = useTestSpeech();
  const { locked } = saved;
  const [own, setOwn] = useState(saved.baseUrl !== null);
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [model, setModel] = useState(saved.model);
  const input = () => ({
    // An address the environment sets is not the form's to send: the server keeps it.
    baseUrl: own && !locked.baseUrl ? baseUrl.trim() : null,
    // An empty key field keeps the saved key (for the same address); a typed one replaces it.
    ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
    model: model.trim(),
  });
  const changed = () => {
    test.reset();
    save.reset();
  };
  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(input(), {
      onSuccess: (result) =>
        toast({
          header: 'Speech model saved',
          message: result.inUse
            ? `Debriefs are transcribed with ${result.inUse.model}.`
            : 'Saved. Connect a chat model too, or enter a speech server’s address.',
          color: 'success',
        }),
    });
  };
  const result = test.data;

  return (
    <form
      className="model-settings speech-settings"
      onSubmit={handleSave}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="settings-section__title">
        Speech model (voice debriefs)
      </h2>
      <p className="callout settings-status" role="status">
        <InlineIcon icon={saved.inUse ? checkmarkCircle : informationCircleOutline} />
        {saved.inUse
          ? `Debriefs are transcribed with ${saved.inUse.model} at ${saved.inUse.baseUrl ?? 'OpenAI'}.`
          : 'No speech model yet: recordings wait on the reps’ phones until one is connected.'}
      </p>
      {saved.apiKeyUnreadable && (
        <p className="form-error" role="alert">
          The saved speech key can no longer be read (the server's secret has changed since it was
          saved): enter the key again.
        </p>
      )}
      <fieldset className="settings-section" disabled={locked.baseUrl}>
        <legend className="settings-section__title">
          Where recordings are transcribed {locked.baseUrl && <SetByEnvironment />}
        </legend>
        <div
          className="provider-choice"
          role="radiogroup"
          aria-label="Where recordings are transcribed"
        >
          {WHERE.map(({ value, title, description }) => (
            <ChoiceOption
              key={value}
              name={`${id}-where`}
              value={value}
              checked={own === (value === 'own')}
              title={title}
              description={description}
              onChange={() => {
                changed();
                setOwn(value === 'own');
              }}
            />
          ))}
        </div>
        {own && (
          <SettingsField htmlFor={`${id}-url`} label="Speech server address">
            <input
              id={`${id}-url`}
              {...URL_FIELD}
              placeholder="http://localhost:8000/v1"
              value={baseUrl}
              readOnly={locked.baseUrl}
              onChange={(event) => {
                changed();
                setBaseUrl(event.target.value);
              }}
            />
          </SettingsField>
        )}
        {own && !locked.apiKey && (
          <SettingsField
            htmlFor={`${id}-key`}
            label={
              saved.hasApiKey
                ? 'API key (a key is saved; type to replace it)'
                : 'API key (optional)'
            }
          >
            <input
              id={`${id}-key`}
              className="text-field__input"
              type="password"
              autoComplete="new-password"
              spellCheck={false}
              value={apiKey}
              onChange={(event) => {
                changed();
                setApiKey(event.target.value);
              }}
            />
          </SettingsField>
        )}
      </fieldset>
      <SettingsField htmlFor={`${id}-model`} label="Speech model">
        <input
          id={`${id}-model`}
          className="text-field__input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={model}
          readOnly={locked.model}
          onChange={(event) => {
            changed();
            setModel(event.target.value);
          }}
        />
      </SettingsField>
      {result && (
        <p className={result.ok ? 'settings-ok' : 'form-error'} role="status">
          {result.ok ? `The speech server answered: ${result.model} is ready.` : result.message}
        </p>
      )}
      {(save.error ?? test.error) && (
        <p className="form-error" role="alert">
          {(save.error ?? test.error)!.message}
        </p>
      )}
      <div className="settings-actions">
        <button
          type="button"
          className="pp-button"
          onClick={() => {
            if (!test.isPending) test.mutate(input());
          }}
          aria-busy={test.isPending || undefined}
        >
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
        <button
          type="submit"
          className="pp-button pp-button--primary"
          aria-busy={save.isPending || undefined}
        >
          {save.isPending ? 'Saving…' : 'Save speech model'}
        </button>
      </div>
    </form>
  );
}
