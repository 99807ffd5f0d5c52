import { describe, expect, it } from 'vitest';
import {
  modelFormDefaults,
  modelSettingsInput,
  savedKeyDropped,
  testInput,
  type ModelForm,
} from './modelForm';
import type { ModelSettings } from './settings.queries';

const unlocked = { baseUrl: false, apiKey: false, models: false };
const fresh: ModelSettings = {
  baseUrl: null,
  hasApiKey: false,
  defaultModel: null,
  models: [],
  connected: false,
  locked: unlocked,
  updatedAt: null,
};
const ollama: ModelSettings = {
  baseUrl: 'http://localhost:11434/v1',
  hasApiKey: true,
  defaultModel: 'llama3.2',
  models: ['llama3.2', 'qwen2.5'],
  connected: true,
  locked: unlocked,
  updatedAt: '2026-11-26T12:00:00.000Z',
};

const form = (saved: ModelSettings, change: Partial<ModelForm> = {}): ModelForm => ({
  ...modelFormDefaults(saved),
  ...change,
});

describe('Settings → Model form', () => {
  it('starts from what is saved: OpenAI when no address is stored (or OpenAI’s own), the compatible server with its address otherwise, never a key', () => {
    expect(modelFormDefaults(fresh)).toEqual({
      provider: 'openai',
      baseUrl: '',
      keyAction: 'keep',
      apiKey: '',
      models: [],
      defaultModel: '',
    });
    expect(modelFormDefaults({ ...fresh, baseUrl: 'https://api.openai.com/v1' }).provider).toBe(
      'openai',
    );
    expect(modelFormDefaults(ollama)).toEqual({
      provider: 'compatible',
      baseUrl: 'http://localhost:11434/v1',
      keyAction: 'keep',
      apiKey: '',
      models: ['llama3.2', 'qwen2.5'],
      defaultModel: 'llama3.2',
    });
  });

  it('Test sends the address and a typed key; a saved key left alone is left out (the server uses it), Remove sends null', () => {
    expect(testInput(form(ollama), ollama)).toEqual({ baseUrl: 'http://localhost:11434/v1' });
    expect(testInput(form(ollama, { keyAction: 'replace', apiKey: ' sk-new ' }), ollama)).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-new',
    });
    expect(testInput(form(ollama, { keyAction: 'remove' }), ollama)).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
    });
    expect(testInput(form(fresh, { apiKey: 'sk-1' }), fresh)).toEqual({
      baseUrl: null,
      apiKey: 'sk-1',
    });
    // What the environment sets is the server's business.
    expect(
      testInput(form(ollama, { apiKey: 'sk-1' }), {
        ...ollama,
        locked: { baseUrl: true, apiKey: true, models: false },
      }),
    ).toEqual({});
  });

  it('Save says what is missing in words: the address, the OpenAI key, a model', () => {
    expect(modelSettingsInput(form(fresh, { provider: 'compatible', models: ['m'] }), fresh)).toBe(
      "Enter the server's base URL, such as http://localhost:11434/v1.",
    );
    expect(
      modelSettingsInput(
        form(fresh, { provider: 'compatible', baseUrl: 'localhost:11434', models: ['m'] }),
        fresh,
      ),
    ).toMatch(/starts with http:\/\/ or https:\/\//);
    expect(modelSettingsInput(form(fresh, { models: ['gpt-4o'] }), fresh)).toBe(
      'Enter your OpenAI API key.',
    );
    expect(modelSettingsInput(form(fresh, { apiKey: 'sk-1' }), fresh)).toMatch(
      /Tick at least one model/,
    );
    // A compatible server needs no key.
    expect(
      modelSettingsInput(
        form(fresh, {
          provider: 'compatible',
          baseUrl: 'http://127.0.0.1:11434/v1',
          models: ['llama3.2'],
          defaultModel: 'llama3.2',
        }),
        fresh,
      ),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      defaultModel: 'llama3.2',
      models: ['llama3.2'],
    });
  });

  it('Save keeps a saved key unless it is replaced or removed, and the default is one of the models offered', () => {
    expect(modelSettingsInput(form(ollama, { defaultModel: 'gone' }), ollama)).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      defaultModel: 'llama3.2',
      models: ['llama3.2', 'qwen2.5'],
    });
    expect(modelSettingsInput(form(ollama, { keyAction: 'remove' }), ollama)).toMatchObject({
      apiKey: null,
    });
    expect(
      modelSettingsInput(form({ ...ollama, baseUrl: null }, { keyAction: 'remove' }), ollama),
    ).toBe('Enter your OpenAI API key.');
    expect(
      modelSettingsInput(
        form(
          { ...ollama, baseUrl: null },
          { keyAction: 'replace', apiKey: 'sk-2', defaultModel: 'qwen2.5' },
        ),
        ollama,
      ),
    ).toEqual({
      baseUrl: null,
      apiKey: 'sk-2',
      defaultModel: 'qwen2.5',
      models: ['llama3.2', 'qwen2.5'],
    });
  });

  it('Save leaves out what the environment sets, and sends its model list back unchanged', () => {
    const locked = { baseUrl: true, apiKey: true, models: true };
    const envSaved: ModelSettings = {
      ...ollama,
      locked,
      models: ['gpt-4o', 'gpt-4o-mini'],
      defaultModel: 'gpt-4o',
    };
    expect(
      modelSettingsInput(
        form(envSaved, { models: ['gpt-4o-mini'], defaultModel: 'gpt-4o-mini', apiKey: 'sk-x' }),
        envSaved,
      ),
    ).toEqual({ defaultModel: 'gpt-4o', models: ['gpt-4o', 'gpt-4o-mini'] });
  });

  it('a saved key belongs to its address: a new base URL or provider asks for the key again, and without one sends none', () => {
    const moved = form(ollama, { baseUrl: 'http://10.0.0.9:8000/v1' });
    expect(savedKeyDropped(form(ollama), ollama)).toBe(false);
    expect(savedKeyDropped(form(ollama, { baseUrl: ' http://localhost:11434/v1 ' }), ollama)).toBe(
      false,
    );
    expect(savedKeyDropped(moved, ollama)).toBe(true);
    expect(savedKeyDropped(form(ollama, { provider: 'openai' }), ollama)).toBe(true);
    // Test and Save tell the server so: no key for the new address, unless one is typed.
    expect(testInput(moved, ollama)).toEqual({ baseUrl: 'http://10.0.0.9:8000/v1', apiKey: null });
    expect(modelSettingsInput(moved, ollama)).toEqual({
      baseUrl: 'http://10.0.0.9:8000/v1',
      apiKey: null,
      defaultModel: 'llama3.2',
      models: ['llama3.2', 'qwen2.5'],
    });
    expect(modelSettingsInput({ ...moved, apiKey: 'sk-vllm' }, ollama)).toMatchObject({
      apiKey: 'sk-vllm',
    });
    // OpenAI needs a key of its own: the compatible server's does not count.
    expect(modelSettingsInput(form(ollama, { provider: 'openai' }), ollama)).toBe(
      'Enter your OpenAI API key.',
    );
    // Back to the saved address, the saved key is in use again (a key typed meanwhile is out of view, so not sent).
    expect(
      modelSettingsInput(form(ollama, { apiKey: 'typed-for-another' }), ollama),
    ).not.toHaveProperty('apiKey');
    // The environment's key or address is not the form's to drop.
    expect(
      savedKeyDropped(moved, {
        ...ollama,
        locked: { baseUrl: false, apiKey: true, models: false },
      }),
    ).toBe(false);
  });
});
