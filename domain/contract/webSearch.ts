// The web search engine research asks (Settings → Web search), as the operator's screen and the API
// share it. The key itself never leaves the server.
import { z } from 'zod';
import { ApiKey, BaseUrl } from './settings';

export const SEARCH_ENGINE_KINDS = ['searxng', 'brave', 'tavily'] as const;
export const SearchEngineKind = z.enum(SEARCH_ENGINE_KINDS, {
  error: 'Choose SearXNG, Brave Search or Tavily.',
});
export type SearchEngineKind = z.infer<typeof SearchEngineKind>;

/** What each engine is called on the screen. */
export const SEARCH_ENGINE_NAMES: Record<SearchEngineKind, string> = {
  searxng: 'SearXNG',
  brave: 'Brave Search',
  tavily: 'Tavily',
};

/**
 * PUT /api/settings/web-search. SearXNG: its instance's address (its JSON output on), a key only if
 * a proxy in front asks one. Brave, Tavily: the API key; an address only to go through a proxy.
 * apiKey: omitted keeps the stored one (while the engine and address stay), null removes it.
 */
export const WebSearchSettingsInput = z
  .object({
    kind: SearchEngineKind,
    baseUrl: BaseUrl.nullable(),
    apiKey: ApiKey.nullable().optional(),
  })
  .refine((input) => input.kind !== 'searxng' || input.baseUrl !== null, {
    message: 'Enter your SearXNG instance’s address.',
    path: ['baseUrl'],
  });
export type WebSearchSettingsInput = z.input<typeof WebSearchSettingsInput>;

/** GET and PUT /api/settings/web-search answer with this. */
export const WebSearchSettingsResponse = z.object({
  /** null: no engine connected, and research says it needs one. */
  kind: SearchEngineKind.nullable(),
  baseUrl: z.string().nullable(),
  hasApiKey: z.boolean(),
  /** Set by environment variables: they win, and the screen shows them read-only. */
  locked: z.boolean(),
  updatedAt: z.string().nullable(),
  apiKeyUnreadable: z.boolean().optional(),
});
export type WebSearchSettingsResponse = z.infer<typeof WebSearchSettingsResponse>;

/** POST /api/settings/web-search/test: always 200; one search made, and what came back. */
export const WebSearchTestResponse = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), results: z.number().int() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type WebSearchTestResponse = z.infer<typeof WebSearchTestResponse>;
