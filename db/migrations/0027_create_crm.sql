-- The rep's CRM (HubSpot, Salesforce): the operator's app credentials, each rep's connection, the
-- sign-in in progress, and the notes pushed into it.

-- The app the operator registered with each CRM, as Settings → Connections saved it (the
-- environment's values win). The client secret is encrypted as the model key is.
CREATE TABLE crm_apps (
  provider text PRIMARY KEY CHECK (provider IN ('hubspot', 'salesforce')),
  client_id text NOT NULL,
  client_secret_encrypted text NOT NULL,
  -- Salesforce only: the login host (a sandbox's test.salesforce.com, or a My Domain).
  login_url text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

-- A rep's connection to a CRM account. Both tokens are encrypted; the access token is refreshed
-- before expires_at (HubSpot's last half an hour; Salesforce says nothing, so it is refreshed when
-- refused). needs_reconnect: the CRM refused the refresh token (revoked, the app uninstalled).
CREATE TABLE crm_connections (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('hubspot', 'salesforce')),
  -- The portal (hub id) or org id, its name to show, and where its API answers.
  account_id text NOT NULL,
  account_name text NOT NULL,
  api_url text NOT NULL,
  access_token_encrypted text NOT NULL,
  refresh_token_encrypted text NOT NULL,
  expires_at timestamptz,
  needs_reconnect boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);

-- A sign-in with a CRM between 'Connect' and the CRM's answer: the state sent (stored as its hash),
-- bound to the session that asked, and the PKCE verifier (encrypted). Used once, within minutes.
CREATE TABLE crm_oauth_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('hubspot', 'salesforce')),
  code_verifier_encrypted text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX crm_oauth_states_expires ON crm_oauth_states (expires_at);

-- A note pushed into a CRM. The id is the one the rep's phone gave the push, so a push sent again
-- (its answer lost, a second tab) is the same row: written at most once. `marker` is a token written
-- into the note so that, when a write's answer was lost, the CRM can be searched for it before
-- writing again. A request writing the push holds it until lease_until (its lease_token).
CREATE TABLE crm_pushes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  id text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('hubspot', 'salesforce')),
  source_kind text NOT NULL,
  source_ref text,
  title text NOT NULL,
  targets jsonb NOT NULL,
  body text NOT NULL,
  email_subject text,
  marker text NOT NULL,
  state text NOT NULL CHECK (state IN ('writing', 'written')),
  -- Tries that reached the CRM; after the first, the CRM is searched for the marker before writing.
  attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  lease_until timestamptz,
  -- Which request holds the lease: only it may let go of the push or mark it written.
  lease_token text,
  remote_id text,
  record_url text,
  cut boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  written_at timestamptz,
  PRIMARY KEY (user_id, id)
);
CREATE INDEX crm_pushes_recent ON crm_pushes (user_id, created_at DESC);
