/**
 * /settings/model: the operator connects the language model from the browser: OpenAI with an API
 * key, or any OpenAI-compatible server (Ollama, LM Studio, vLLM, llama.cpp) by its base URL with an
 * optional key. 'Test' asks that server for its models; the operator picks the default and which
 * models the chat's picker offers, and saves. The key is write-only: the screen only ever knows
 * whether one is saved. What the environment sets wins, and shows read-only.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the settings screens' stylesheet, loaded with their chunk
import './settings.css';
import { Link } from '@tanstack/react-router';
import { checkmarkCircle, informationCircleOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { NO_MODEL_TEXT } from '../../../domain/contract/settings';
import { UnauthorizedError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import {
  ChoiceOption,
  OperatorOnly,
  SetByEnvironment,
  SettingsField,
  SettingsScreen,
  useOperatorQuery,
  URL_FIELD,
} from './OperatorSettings';
import { SpeechSettingsSection } from './SpeechSettings';
import {
  modelFormDefaults,
  modelSettingsInput,
  savedKeyDropped,
  testInput,
  type KeyAction,
  type ModelForm,
  type Provider,
} from './modelForm';
import {
  TEST_PROBLEM_TITLES,
  modelSettingsQueryOptions,
  useSaveModelSettings,
  useTestModelConnection,
  type ModelSettings,
} from './settings.queries';

export function ModelSettingsScreen() {
  const {
    query: settings,
    hidden,
    operatorOnly,
  } = useOperatorQuery(modelSettingsQueryOptions, '/settings/model');
  useKeyboardInView();

  if (hidden) return null;
  if (operatorOnly) return <OperatorOnly what="its AI model" />;

  return (
    <SettingsScreen
      current="/settings/model"
      title="Model"
      lede="The AI model that writes the chat's answers, the idea analysis and the drafts, for everyone on this server."
      settings={settings}
    >
      {(saved) => (
        // Keyed by the save time: a save (here or on another device) starts the form from what is stored.
        <>
          <ModelSettingsForm key={saved.updatedAt ?? 'none'} saved={saved} />
          <SpeechSettingsSection />
        </>
      )}
    </SettingsScreen>
  );
}

/** Where sign-in brings the operator back to (a redirect param names a path without its slash). */
const BACK_HERE = 'settings/model';

/** A Test or Save refused because the session ended: the form stays, with the way to sign in again. */
function SessionEnded() {
  return (
    <>
      Your session has ended.{' '}
      <Link to="/auth/$tab" params={{ tab: 'login' }} search={{ redirect: BACK_HERE }}>
        Sign in again
      </Link>
      , then come back here.
    </>
  );
}

function ModelSettingsForm({ saved }: { saved: ModelSettings }) {
  const id = useId();
  const toast = useToast();
  const [form, setForm] = useState<ModelForm>(() => modelFormDefaults(saved));
  const [found, setFound] = useState<string[] | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const test = useTestModelConnection();
  const save = useSaveModelSettings();
  const { locked } = saved;
  const update = (change: Partial<ModelForm>) => {
    setFormError(null);
    setForm((current) => ({ ...current, ...change }));
  };
  // A changed address or key needs a new test: the models listed were another server's.
  const changeConnection = (change: Partial<ModelForm>) => {
    test.reset();
    update(change);
  };

  // The models to choose from: what the last test found, else what is saved.
  const available = found ?? saved.models;
  const picked = form.models.filter((model) => available.includes(model));
  const defaultModel = picked.includes(form.defaultModel) ? form.defaultModel : (picked[0] ?? '');

  const handleTest = () => {
    setFormError(null);
    test.mutate(testInput(form, saved), {
      onSuccess: (result) => {
        if (!result.ok) return;
        setFound(result.models);
        // A first connection picks for the operator: every model shown, the first the default.
        if (!form.models.some((model) => result.models.includes(model)))
          update({ models: result.models, defaultModel: result.models[0] ?? '' });
      },
    });
  };

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    const input = modelSettingsInput({ ...form, models: picked, defaultModel }, saved);
    if (typeof input === 'string') {
      setFormError(input);
      return;
    }
    save.mutate(input, {
      onSuccess: (result) =>
        toast({
          header: 'Model saved',
          message: result.connected
            ? `The chat now answers with ${result.defaultModel}.`
            : 'Saved.',
          color: 'success',
        }),
      // A session that ended is said below, with the way to sign in.
      onError: (error) => setFormError(error instanceof UnauthorizedError ? null : error.message),
    });
  };

  const testResult = test.data;
  const saveSessionEnded = save.error instanceof UnauthorizedError;
  // A new address: the saved key was for the old one, and is not sent here.
  const keyDropped = savedKeyDropped(form, saved);
  return (
    <form className="model-settings" onSubmit={handleSave} noValidate aria-label="Model settings">
      <ConnectionStatus saved={saved} />
      {saved.apiKeyUnreadable && (
        <p className="form-error" role="alert">
          The saved key can no longer be read (the server's secret has changed since it was saved):
          replace it with the key again.
        </p>
      )}

      <fieldset className="settings-section" disabled={locked.baseUrl}>
        <legend className="settings-section__title">
          Where the model runs {locked.baseUrl && <SetByEnvironment />}
        </legend>
        <div className="provider-choice" role="radiogroup" aria-label="Where the model runs">
          {PROVIDERS.map(({ value, title, description }) => (
            <ChoiceOption
              key={value}
              name={`${id}-provider`}
              value={value}
              checked={form.provider === value}
              title={title}
              description={description}
              onChange={() => changeConnection({ provider: value })}
            />
          ))}
        </div>
        {form.provider === 'compatible' && (
          <SettingsField
            htmlFor={`${id}-url`}
            label="Base URL"
            after={
              <p id={`${id}-url-hint`} className="settings-hint">
                Ollama: http://localhost:11434/v1 · LM Studio: http://localhost:1234/v1 · vLLM:
                http://localhost:8000/v1
              </p>
            }
          >
            <input
              id={`${id}-url`}
              {...URL_FIELD}
              placeholder="http://localhost:11434/v1"
              value={form.baseUrl}
              readOnly={locked.baseUrl}
              aria-describedby={`${id}-url-hint`}
              onChange={(event) => changeConnection({ baseUrl: event.target.value })}
            />
          </SettingsField>
        )}
      </fieldset>

      <fieldset className="settings-section" disabled={locked.apiKey}>
        <legend className="settings-section__title">
          API key{form.provider === 'compatible' && ' (optional)'}{' '}
          {locked.apiKey && <SetByEnvironment />}
        </legend>
        <KeyField
          id={id}
          saved={(saved.hasApiKey && !keyDropped) || locked.apiKey}
          dropped={keyDropped}
          locked={locked.apiKey}
          form={form}
          onChange={changeConnection}
        />
      </fieldset>

      <div className="settings-test">
        <button
          type="button"
          className="pp-button settings-test__button"
          onClick={handleTest}
          disabled={test.isPending}
        >
          {test.isPending && <span className="pp-spinner pp-spinner--small" aria-hidden="true" />}
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
        <div className="settings-test__result" aria-live="polite">
          {test.isError && (
            <p className="form-error">
              <strong>Test failed:</strong>{' '}
              {test.error instanceof UnauthorizedError ? <SessionEnded /> : test.error.message}
            </p>
          )}
          {testResult?.ok === false && (
            <p className="form-error">
              <strong>{TEST_PROBLEM_TITLES[testResult.problem]}.</strong> {testResult.message}
            </p>
          )}
          {testResult?.ok && (
            <p className="settings-ok">
              <InlineIcon icon={checkmarkCircle} />
              Connected. The server offers{' '}
              {testResult.models.length === 1 ? '1 model' : `${testResult.models.length} models`}.
            </p>
          )}
        </div>
      </div>

      <fieldset className="settings-section" disabled={locked.models}>
        <legend className="settings-section__title">
          Models {locked.models && <SetByEnvironment />}
        </legend>
        {available.length === 0 ? (
          <p className="settings-hint">Test the connection to list the server's models.</p>
        ) : (
          <>
            <p className="settings-hint" id={`${id}-models-hint`}>
              The chat's model picker offers the models ticked here.
            </p>
            <div
              className="model-checks"
              role="group"
              aria-describedby={`${id}-models-hint`}
              aria-label="Models in the chat's picker"
            >
              {available.map((model) => (
                <label key={model} className="model-check">
                  <input
                    type="checkbox"
                    checked={form.models.includes(model)}
                    onChange={(event) =>
                      update({
                        models: event.target.checked
                          ? [...form.models, model]
                          : form.models.filter((m) => m !== model),
                      })
                    }
                  />
                  <span className="model-check__name">{model}</span>
                </label>
              ))}
            </div>
            <SettingsField htmlFor={`${id}-default`} label="Default model">
              <select
                id={`${id}-default`}
                className="text-field__input settings-select"
                value={defaultModel}
                disabled={picked.length === 0}
                onChange={(event) => update({ defaultModel: event.target.value })}
              >
                {picked.length === 0 && <option value="">Tick a model first</option>}
                {picked.map((model) => (
                  <option key={model} value={model}>
                    {model}
                  </option>
                ))}
              </select>
            </SettingsField>
          </>
        )}
      </fieldset>

      {(formError || saveSessionEnded) && (
        <p className="form-error" role="alert">
          {saveSessionEnded ? <SessionEnded /> : formError}
        </p>
      )}
      <button
        type="submit"
        className="pp-button pp-button--primary settings-save"
        disabled={save.isPending}
      >
        {save.isPending && <span className="pp-spinner pp-spinner--small" aria-hidden="true" />}
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function ConnectionStatus({ saved }: { saved: ModelSettings }) {
  return saved.connected ? (
    <p className="callout callout--compact callout--success settings-status" role="status">
      <InlineIcon icon={checkmarkCircle} />
      <span>
        <strong>Connected.</strong> The chat answers with{' '}
        {saved.defaultModel ?? 'the server’s first model'}.
      </span>
    </p>
  ) : (
    <p className="callout callout--compact settings-status" role="status">
      <InlineIcon icon={informationCircleOutline} />
      <span>
        <strong>{NO_MODEL_TEXT}.</strong> Reps get worksheets and drafts built from their own
        answers until one is.
      </span>
    </p>
  );
}

/** Where the model may run, as the rep chooses it. */
const PROVIDERS: ReadonlyArray<{ value: Provider; title: string; description: string }> = [
  { value: 'openai', title: 'OpenAI', description: 'With your OpenAI API key.' },
  {
    value: 'compatible',
    title: 'OpenAI-compatible server',
    description: 'Ollama, LM Studio, vLLM, llama.cpp… by its address; a key if it needs one.',
  },
];

const SAVED_KEY_NOT_SENT =
  'The saved key is not sent to a new address: enter the key for this server (or leave it empty if it needs none).';

/**
 * The key is write-only: once saved it shows as 'A key is saved' with Replace and Remove, never the
 * key; a new one is typed into a password field that the browser does not offer to remember.
 */
function KeyField({
  id,
  saved,
  dropped,
  locked,
  form,
  onChange,
}: {
  id: string;
  saved: boolean;
  dropped: boolean;
  locked: boolean;
  form: ModelForm;
  onChange: (change: Partial<ModelForm>) => void;
}) {
  const setAction = (keyAction: KeyAction) => onChange({ keyAction, apiKey: '' });
  if (saved && form.keyAction === 'keep') {
    return (
      <div className="saved-key">
        <p className="saved-key__text">
          <InlineIcon icon={checkmarkCircle} />A key is saved
        </p>
        {!locked && (
          <div className="saved-key__actions">
            <button type="button" className="pp-button" onClick={() => setAction('replace')}>
              Replace
            </button>
            <button type="button" className="pp-button" onClick={() => setAction('remove')}>
              Remove
            </button>
          </div>
        )}
      </div>
    );
  }
  if (saved && form.keyAction === 'remove') {
    return (
      <div className="saved-key">
        <p className="saved-key__text">The saved key will be removed when you save.</p>
        <div className="saved-key__actions">
          <button type="button" className="pp-button" onClick={() => setAction('keep')}>
            Keep it
          </button>
        </div>
      </div>
    );
  }
  return (
    <SettingsField
      htmlFor={`${id}-key`}
      label={saved ? 'New key' : 'Paste the key'}
      after={
        <>
          {dropped && (
            <p id={`${id}-key-note`} className="settings-hint">
              {SAVED_KEY_NOT_SENT}
            </p>
          )}
          {saved && (
            <button
              type="button"
              className="pp-button pp-button--ghost"
              onClick={() => setAction('keep')}
            >
              Keep the saved key
            </button>
          )}
        </>
      }
    >
      <input
        id={`${id}-key`}
        className="text-field__input"
        type="password"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={form.provider === 'openai' ? 'sk-…' : 'Only if the server asks for one'}
        value={form.apiKey}
        onChange={(event) => onChange({ apiKey: event.target.value })}
        // Password managers: this is not a password of the rep's.
        data-1p-ignore
        data-lpignore="true"
        aria-describedby={dropped ? `${id}-key-note` : undefined}
      />
    </SettingsField>
  );
}
