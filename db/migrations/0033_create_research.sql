-- Research with sources: the web search engine the operator connected, and what each rep researched,
-- kept with the text of the pages it cites so it opens with no signal and later answers cite it.

-- The one search engine the server asks (Settings → Web search): a SearXNG instance (its URL), or
-- Brave Search or Tavily (an API key, and a URL only to go through a proxy). The key is encrypted
-- under SESSION_SECRET as the model key is; the one-row rule is the primary key.
CREATE TABLE web_search_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  kind text NOT NULL CHECK (kind IN ('searxng', 'brave', 'tavily')),
  base_url text,
  api_key_encrypted text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  CHECK (kind <> 'searxng' OR base_url IS NOT NULL)
);

-- A rep's research on a company or a person: one per subject (subject_key: the subject folded, so
-- 'Freightly' and 'freightly ' are one), made again only when the rep refreshes it. claims: the
-- sentences of the answer, each with the sources it cites; unconfirmed: what no source supports;
-- sources: the pages read (address, title, site, when read, the passages sent, bounded); notes:
-- what could not be read and why.
CREATE TABLE research (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject text NOT NULL,
  subject_key text NOT NULL,
  question text,
  claims jsonb NOT NULL DEFAULT '[]',
  unconfirmed jsonb NOT NULL DEFAULT '[]',
  sources jsonb NOT NULL DEFAULT '[]',
  notes jsonb NOT NULL DEFAULT '[]',
  made_with_model boolean NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, subject_key)
);
CREATE INDEX research_user_made_idx ON research (user_id, made_at DESC);
