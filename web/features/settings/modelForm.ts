/** Settings → Model's form: what it starts from, and what Test and Save send (pure, so it is tested alone). */
import type { ModelSettings, ModelSettingsInput } from './settings.queries';

/** OpenAI itself (a key), or any server that speaks its API (an address, perhaps a key). */
export type Provider = 'openai' | 'compatible';
/** What happens to a saved key: kept, replaced by the one typed, or removed. */
export type KeyAction = 'keep' | 'replace' | 'remove';

export interface ModelForm {
  provider: Provider;
  baseUrl: string;
  keyAction: KeyAction;
  /** Typed here only; the saved key never comes back from the server. */
  apiKey: string;
  models: string[];
  defaultModel: string;
}

/** OpenAI's own address counts as 'OpenAI': nothing to type. */
const OPENAI_URL = /^https:\/\/api\.openai\.com(\/v1)?\/?$/i;

/** The compatible server's saved address, or null for OpenAI (no address, or OpenAI's own). */
function savedCompatibleUrl(baseUrl: string | null): string | null {
  return baseUrl !== null && baseUrl !== '' && !OPENAI_URL.test(baseUrl) ? baseUrl : null;
}

export function modelFormDefaults(saved: ModelSettings): ModelForm {
  const compatibleUrl = savedCompatibleUrl(saved.baseUrl);
  return {
    provider: compatibleUrl === null ? 'openai' : 'compatible',
    baseUrl: compatibleUrl ?? '',
    keyAction: 'keep',
    apiKey: '',
    models: saved.models,
    defaultModel: saved.defaultModel ?? saved.models[0] ?? '',
  };
}

type SavedKey = Pick<ModelSettings, 'baseUrl' | 'hasApiKey' | 'locked'>;

function baseUrlOf(form: ModelForm): string | null {
  return form.provider === 'openai' ? null : form.baseUrl.trim();
}

/**
 * Whether the form's address is not the one the saved key was saved for (another provider, or an
 * edited base URL). The server never sends a key to another host, so saving a new address without
 * a key clears the saved one: the form asks for the key again. A key or an address the environment
 * sets is the environment's business.
 */
export function savedKeyDropped(form: ModelForm, saved: SavedKey): boolean {
  if (!saved.hasApiKey || saved.locked.apiKey || saved.locked.baseUrl) return false;
  return baseUrlOf(form) !== savedCompatibleUrl(saved.baseUrl);
}

/** The key to send: a typed one, null to remove the saved one, undefined to keep it (left out). */
function keyOf(form: ModelForm, saved: SavedKey): string | null | undefined {
  const dropped = savedKeyDropped(form, saved);
  if (form.keyAction === 'remove' && !dropped) return null;
  // Shown as 'A key is saved': nothing typed is in view, the saved key stays.
  if (form.keyAction === 'keep' && saved.hasApiKey && !dropped) return undefined;
  const typed = form.apiKey.trim();
  if (typed !== '') return typed;
  // A new address with no key: none is sent to it, and the saved one goes (as the server does anyway).
  return dropped ? null : undefined;
}

/** What Test sends: the address and key on the form; a field the environment sets is left to the server. */
export function testInput(
  form: ModelForm,
  saved: SavedKey,
): { baseUrl?: string | null; apiKey?: string | null } {
  const { locked } = saved;
  const key = keyOf(form, saved);
  return {
    ...(locked.baseUrl ? {} : { baseUrl: baseUrlOf(form) }),
    ...(locked.apiKey || key === undefined ? {} : { apiKey: key }),
  };
}

/**
 * What Save sends, or what is missing, in words. Fields the environment sets are left out (the
 * environment wins anyway); a key left alone is left out, so the saved one stays.
 */
export function modelSettingsInput(
  form: ModelForm,
  saved: Pick<ModelSettings, 'locked' | 'hasApiKey' | 'baseUrl' | 'models' | 'defaultModel'>,
): ModelSettingsInput | string {
  const { locked } = saved;
  const baseUrl = baseUrlOf(form);
  const key = keyOf(form, saved);
  if (!locked.baseUrl && baseUrl !== null) {
    if (baseUrl === '') return "Enter the server's base URL, such as http://localhost:11434/v1.";
    if (!/^https?:\/\/[^\s/]+/i.test(baseUrl))
      return 'The base URL starts with http:// or https://, such as http://localhost:11434/v1.';
  }
  const hasKey = locked.apiKey || (key === undefined ? saved.hasApiKey : key !== null);
  if (!locked.baseUrl && form.provider === 'openai' && !hasKey) return 'Enter your OpenAI API key.';
  // The environment's list goes back as it is (the server refuses any other).
  const models = locked.models ? saved.models : form.models;
  if (models.length === 0)
    return "Tick at least one model for the chat's picker (Test lists the server's models).";
  const wanted = locked.models ? (saved.defaultModel ?? '') : form.defaultModel;
  const defaultModel = models.includes(wanted) ? wanted : models[0]!;
  return {
    ...(locked.baseUrl ? {} : { baseUrl }),
    ...(locked.apiKey || key === undefined ? {} : { apiKey: key }),
    defaultModel,
    models,
  };
}
