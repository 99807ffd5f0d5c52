/**
 * /settings/web-search: the search engine research looks things up with, for everyone on this
 * server. SearXNG by its instance's address; Brave Search or Tavily with an API key (an address
 * only to go through a proxy). The key is write-only: the screen only knows whether one is saved.
 * 'Test' makes one search with the engine in use. An engine the environment sets shows read-only.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the settings screens' stylesheet, loaded with their chunk
import './settings.css';
import { checkmarkCircle, informationCircleOutline } from 'ionicons/icons';
import { useId, useState, type FormEvent } from 'react';
import {
  SEARCH_ENGINE_NAMES,
  WebSearchSettingsInput,
  type SearchEngineKind,
  type WebSearchSettingsResponse,
  type WebSearchTestResponse,
} from '../../../domain/contract/webSearch';
import { UnauthorizedError } from '../../data/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { InlineIcon } from '../../ui/InlineIcon';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import {
  ChoiceOption,
  OperatorOnly,
  SetByEnvironment,
  SettingsField,
  SettingsScreen,
  URL_FIELD,
  useOperatorQuery,
} from './OperatorSettings';
import {
  useDisconnectWebSearch,
  useSaveWebSearch,
  useTestWebSearch,
  webSearchSettingsQueryOptions,
} from './webSearch.queries';

const ENGINES: ReadonlyArray<{ value: SearchEngineKind; description: string }> = [
  { value: 'searxng', description: 'Your own instance; free. Its JSON output must be on.' },
  { value: 'brave', description: 'With an API key from api-dashboard.search.brave.com.' },
  { value: 'tavily', description: 'With an API key from app.tavily.com.' },
];

export function WebSearchSettingsScreen() {
  const {
    query: settings,
    hidden,
    operatorOnly,
  } = useOperatorQuery(webSearchSettingsQueryOptions, '/settings/web-search');
  useKeyboardInView();
  if (hidden) return null;
  if (operatorOnly) return <OperatorOnly what="the search engine research uses" />;
  return (
    <SettingsScreen
      current="/settings/web-search"
      title="Web search"
      lede="The search engine research uses to look up companies and people before a call, for everyone on this server."
      settings={settings}
    >
      {(saved) => (
        // Keyed by the save time: a save or a disconnect starts the form from what is stored.
        <WebSearchForm key={saved.updatedAt ?? 'none'} saved={saved} />
      )}
    </SettingsScreen>
  );
}

type FieldErrors = Partial<Record<'kind' | 'baseUrl' | 'apiKey', string>>;

/** The address as the server stores it: trimmed, without a trailing slash; empty is none. */
function addressOf(typed: string): string | null {
  const address = typed.trim().replace(/\/+$/, '');
  return address === '' ? null : address;
}

/**
 * What Save sends, or what is wrong, field by field. A key left empty is left out, so the server
 * keeps the saved one (it does only while the engine and address stay the same).
 */
function settingsInput(
  form: { kind: SearchEngineKind | null; baseUrl: string; apiKey: string },
  keyKept: boolean,
): { ok: true; input: WebSearchSettingsInput } | { ok: false; errors: FieldErrors } {
  const typedKey = form.apiKey.trim();
  const input = {
    kind: form.kind as SearchEngineKind,
    baseUrl: addressOf(form.baseUrl),
    ...(typedKey ? { apiKey: typedKey } : {}),
  };
  const errors: FieldErrors = {};
  const parsed = WebSearchSettingsInput.safeParse(input);
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof FieldErrors;
    // The shared address rule's example is a model server's; this one is a search engine's.
    const message =
      field === 'baseUrl' && input.baseUrl !== null && issue.code === 'custom'
        ? 'Enter the address as an http:// or https:// URL, such as https://search.example.com.'
        : issue.message;
    errors[field] ??= message;
  }
  // Brave and Tavily answer nothing without a key.
  if (form.kind !== null && form.kind !== 'searxng' && !typedKey && !keyKept)
    errors.apiKey ??= `Enter your ${SEARCH_ENGINE_NAMES[form.kind]} API key.`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

function WebSearchForm({ saved }: { saved: WebSearchSettingsResponse }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveWebSearch();
  const disconnect = useDisconnectWebSearch();
  const { locked } = saved;
  const [kind, setKind] = useState(saved.kind);
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // What the disclosure holds: a proxy's address for Brave and Tavily, a key for SearXNG.
  const advancedSet = saved.kind === 'searxng' ? saved.hasApiKey : saved.baseUrl !== null;
  const [advanced, setAdvanced] = useState(advancedSet);
  const [confirming, setConfirming] = useState(false);
  const name = kind && SEARCH_ENGINE_NAMES[kind];
  // The server keeps a saved key only for the engine and address it was saved with.
  const keyKept = saved.hasApiKey && kind === saved.kind && addressOf(baseUrl) === saved.baseUrl;
  const changed = kind !== saved.kind || addressOf(baseUrl) !== saved.baseUrl || apiKey !== '';

  const edit = (field: keyof FieldErrors) => {
    save.reset();
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const chooseKind = (next: SearchEngineKind) => {
    save.reset();
    setErrors({});
    setKind(next);
    // Another engine's address and key are not this one's: start from what is saved for it, if anything.
    setBaseUrl(next === saved.kind ? (saved.baseUrl ?? '') : '');
    setApiKey('');
  };

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || locked) return;
    const checked = settingsInput({ kind, baseUrl, apiKey }, keyKept);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The field at fault may be in the closed disclosure.
      if (
        (checked.errors.baseUrl && kind !== 'searxng') ||
        (checked.errors.apiKey && kind === 'searxng')
      )
        setAdvanced(true);
      return;
    }
    const { input } = checked;
    save.mutate(input, {
      onSuccess: (result) =>
        toast({
          header: 'Web search saved',
          message: `Research searches the web with ${SEARCH_ENGINE_NAMES[result.kind ?? input.kind]} now.`,
          color: 'success',
        }),
    });
  };
  const handleDisconnect = () =>
    disconnect.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          header: 'Web search disconnected',
          message: 'Research can’t look anything up until a search engine is connected again.',
          color: 'success',
        });
      },
    });

  const addressField = (
    <SettingsField
      htmlFor={`${id}-url`}
      label={kind === 'searxng' ? 'Your SearXNG instance’s address' : 'Proxy address (optional)'}
      after={
        <>
          <FieldError id={`${id}-url-error`} message={errors.baseUrl} />
          <p id={`${id}-url-hint`} className="settings-hint">
            {kind === 'searxng'
              ? 'Its JSON output must be on: add json to search.formats in its settings.yml.'
              : `Only to send the searches through a proxy. Leave it empty to reach ${name} directly.`}
          </p>
        </>
      }
    >
      <input
        id={`${id}-url`}
        {...URL_FIELD}
        placeholder={kind === 'searxng' ? 'http://127.0.0.1:8888' : 'https://proxy.example.com'}
        value={baseUrl}
        readOnly={locked}
        aria-invalid={errors.baseUrl ? true : undefined}
        aria-describedby={`${errors.baseUrl ? `${id}-url-error ` : ''}${id}-url-hint`}
        onChange={(event) => {
          edit('baseUrl');
          setBaseUrl(event.target.value);
        }}
      />
    </SettingsField>
  );
  const keyField = (
    <KeyField
      id={`${id}-key`}
      label={kind === 'searxng' ? 'API key (only if a proxy in front asks for one)' : 'API key'}
      locked={locked}
      saved={saved.hasApiKey}
      kept={keyKept}
      value={apiKey}
      error={errors.apiKey}
      onChange={(value) => {
        edit('apiKey');
        setApiKey(value);
      }}
    />
  );

  return (
    <form
      className="model-settings"
      onSubmit={handleSave}
      noValidate
      aria-label="Web search settings"
    >
      <EngineStatus saved={saved} />
      {saved.apiKeyUnreadable && (
        <p className="form-error" role="alert">
          The saved API key can no longer be read (the server’s secret has changed since it was
          saved): enter the key again.
        </p>
      )}
      <fieldset className="settings-section" disabled={locked}>
        <legend className="settings-section__title">
          Search engine {locked && <SetByEnvironment />}
        </legend>
        {locked && (
          <p className="settings-hint">
            Set by the server’s environment (WEB_SEARCH_ENGINE, WEB_SEARCH_URL, WEB_SEARCH_API_KEY).
            To change it, change those variables and restart the server.
          </p>
        )}
        <div
          className="provider-choice"
          role="radiogroup"
          aria-label="Search engine"
          aria-describedby={errors.kind ? `${id}-kind-error` : undefined}
        >
          {ENGINES.map(({ value, description }) => (
            <ChoiceOption
              key={value}
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              title={SEARCH_ENGINE_NAMES[value]}
              description={description}
              onChange={() => chooseKind(value)}
            />
          ))}
        </div>
        <FieldError id={`${id}-kind-error`} message={errors.kind} />
        {kind === 'searxng' && addressField}
        {kind !== null && kind !== 'searxng' && keyField}
        {kind !== null && (!locked || advancedSet) && (
          <details
            className="settings-advanced"
            open={advanced}
            onToggle={(event) => setAdvanced(event.currentTarget.open)}
          >
            <summary>Advanced</summary>
            <div className="settings-advanced__body">
              {kind === 'searxng' ? keyField : addressField}
            </div>
          </details>
        )}
      </fieldset>

      {save.error && (
        <p className="form-error" role="alert">
          {save.error instanceof UnauthorizedError
            ? 'Your session has ended: sign in again, then save again.'
            : save.error.message}
        </p>
      )}
      {!locked && (
        <button
          type="submit"
          className="pp-button pp-button--primary settings-save"
          disabled={save.isPending}
        >
          {save.isPending && <span className="pp-spinner pp-spinner--small" aria-hidden="true" />}
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      )}
      {saved.kind !== null && (
        <EngineActions
          changed={changed}
          onDisconnect={locked ? undefined : () => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Disconnect web search?"
        message={`Research can’t look anything up until a search engine is connected again.${saved.hasApiKey ? ' The saved API key is deleted.' : ''}`}
        error={disconnect.error?.message}
        pending={disconnect.isPending}
        cancelLabel="Keep it"
        confirmLabel="Disconnect"
        onCancel={() => {
          disconnect.reset();
          setConfirming(false);
        }}
        onConfirm={handleDisconnect}
      />
    </form>
  );
}

/** What research searches with now, in one line at the top. */
function EngineStatus({ saved }: { saved: WebSearchSettingsResponse }) {
  return saved.kind ? (
    <p
      className="callout callout--compact callout--success settings-status web-search-status"
      role="status"
    >
      <InlineIcon icon={checkmarkCircle} />
      <span>
        <strong>Connected.</strong> Research searches the web with {SEARCH_ENGINE_NAMES[saved.kind]}
        {saved.kind === 'searxng' && saved.baseUrl ? ` at ${saved.baseUrl}` : ''}.
      </span>
    </p>
  ) : (
    <p className="callout callout--compact settings-status" role="status">
      <InlineIcon icon={informationCircleOutline} />
      <span>
        <strong>No search engine yet.</strong> Research can’t look anything up until one is
        connected.
      </span>
    </p>
  );
}

/**
 * The key is write-only: a saved one shows as 'Saved; leave empty to keep it' over an empty
 * password field; what is typed replaces it. Set by the environment, only whether there is one.
 */
function KeyField({
  id,
  label,
  locked,
  saved,
  kept,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  locked: boolean;
  saved: boolean;
  kept: boolean;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (locked)
    return (
      <p className="saved-key__text">
        {saved && <InlineIcon icon={checkmarkCircle} />}
        {saved ? 'An API key is set.' : 'No API key is set.'}
      </p>
    );
  const hint = kept
    ? 'Saved; leave empty to keep it.'
    : saved
      ? 'The saved key is kept only for the engine and address it was saved with: enter the key for this one.'
      : null;
  return (
    <SettingsField
      htmlFor={id}
      label={label}
      after={
        <>
          <FieldError id={`${id}-error`} message={error} />
          {hint && (
            <p id={`${id}-hint`} className="settings-hint">
              {hint}
            </p>
          )}
        </>
      }
    >
      <input
        id={id}
        className="text-field__input"
        type="password"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        // Password managers: this is not a password of the operator's.
        data-1p-ignore
        data-lpignore="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
        }
      />
    </SettingsField>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-field__error">
      {message}
    </p>
  );
}

/** Test (one search with the engine in use) and, unless the environment set it, Disconnect. */
function EngineActions({
  changed,
  onDisconnect,
}: {
  changed: boolean;
  onDisconnect: (() => void) | undefined;
}) {
  const test = useTestWebSearch();
  return (
    <div className="settings-test">
      <div className="web-search-actions">
        <button
          type="button"
          className="pp-button"
          onClick={() => test.mutate()}
          disabled={test.isPending}
        >
          {test.isPending && <span className="pp-spinner pp-spinner--small" aria-hidden="true" />}
          {test.isPending ? 'Testing…' : 'Test'}
        </button>
        {onDisconnect && (
          <button type="button" className="pp-button pp-button--ghost" onClick={onDisconnect}>
            Disconnect
          </button>
        )}
      </div>
      {changed && (
        <p className="settings-hint web-search-actions__note">
          Test searches with the saved engine: save your changes first to test them.
        </p>
      )}
      <div className="settings-test__result" aria-live="polite">
        {test.isError && (
          <p className="form-error">
            <strong>Test failed:</strong>{' '}
            {test.error instanceof UnauthorizedError
              ? 'Your session has ended: sign in again, then test again.'
              : test.error.message}
          </p>
        )}
        {test.data && <TestResult result={test.data} />}
      </div>
    </div>
  );
}

function TestResult({ result }: { result: WebSearchTestResponse }) {
  if (!result.ok) return <p className="form-error">{result.message}</p>;
  if (result.results === 0)
    return (
      <p className="form-error">
        The engine answered but found nothing for a test search: check that it searches the web.
      </p>
    );
  return (
    <p className="settings-ok">
      <InlineIcon icon={checkmarkCircle} />
      Found {result.results} {result.results === 1 ? 'result' : 'results'}: it works.
    </p>
  );
}
