import type { ModelSettingsResponse } from '../../domain/contract/settings';

/** The model settings of a fresh server: nothing saved, nothing connected, nothing set by its environment. */
export const NO_MODEL_SETTINGS: ModelSettingsResponse = {
  baseUrl: null,
  hasApiKey: false,
  defaultModel: null,
  models: [],
  connected: false,
  locked: { baseUrl: false, apiKey: false, models: false },
  updatedAt: null,
};

/** The operator's saved local model server, with a key, connected; `overrides` change any part. */
export const savedModelSettings = (
  overrides: Partial<ModelSettingsResponse> = {},
): ModelSettingsResponse => ({
  ...NO_MODEL_SETTINGS,
  baseUrl: 'http://localhost:11434/v1',
  hasApiKey: true,
  defaultModel: 'llama3.2',
  models: ['llama3.2'],
  connected: true,
  updatedAt: '2026-11-26T12:00:00.000Z',
  ...overrides,
});
