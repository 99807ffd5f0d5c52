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

export function modelFormDefaults(saved: ModelSettings): ModelForm {
  const compatible = saved.baseUrl !== null && saved.baseUrl !== '' && !OPENAI_URL.test(saved.baseUrl);
  return {
    provider: compatible ? 'compatible' : 'openai',
    baseUrl: compatible ? (saved.baseUrl ?? '') : '',
    keyAction: 'keep',
    apiKey: '',
    models: saved.models,
    defaultModel: saved.defaultModel ?? saved.models[0] ?? '',
  };
}

/** The key to send: a typed one, null to remove the saved one, undefined to keep it (left out). */
function keyOf(form: ModelForm): string | null | undefined {
  if (form.keyAction === 'remove') return null;
  const typed = form.apiKey.trim();
  return typed === '' ? undefined : typed;
}

function baseUrlOf(form: ModelForm): string | null {
  return form.provider === 'openai' ? null : form.baseUrl.trim();
}

/** What Test sends: the address and key on the form; a field the environment sets is left to the server. */
export function testInput(form: ModelForm, locked: ModelSettings['locked']): { baseUrl?: string | null; apiKey?: string | null } {
  const key = keyOf(form);
  return {
    ...(locked.baseUrl ? {} : { baseUrl: baseUrlOf(form) }),
    ...(locked.apiKey || key === undefined ? {} : { apiKey: key }),
  };
}

/**
 * What Save sends, or what is missing, in words. Fields the environment sets are left out (the
 * environment wins anyway); a key left alone is left out, so the saved one stays.
 */
export function modelSettingsInput(form: ModelForm, saved: Pick<ModelSettings, 'locked' | 'hasApiKey' | 'models' | 'defaultModel'>): ModelSettingsInput | string {
  const { locked } = saved;
  const baseUrl = baseUrlOf(form);
  const key = keyOf(form);
  if (!locked.baseUrl && baseUrl !== null) {
    if (baseUrl === '') return "Enter the server's base URL, such as http://localhost:11434/v1.";
    if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) return 'The base URL starts with http:// or https://, such as http://localhost:11434/v1.';
  }
  const hasKey = locked.apiKey || (key === undefined ? saved.hasApiKey : key !== null);
  if (!locked.baseUrl && form.provider === 'openai' && !hasKey) return 'Enter your OpenAI API key.';
  // The environment's list goes back as it is (the server refuses any other).
  const models = locked.models ? saved.models : form.models;
  if (models.length === 0) return "Tick at least one model for the chat's picker (Test lists the server's models).";
  const wanted = locked.models ? (saved.defaultModel ?? '') : form.defaultModel;
  const defaultModel = models.includes(wanted) ? wanted : models[0]!;
  return {
    ...(locked.baseUrl ? {} : { baseUrl }),
    ...(locked.apiKey || key === undefined ? {} : { apiKey: key }),
    defaultModel,
    models,
  };
}
