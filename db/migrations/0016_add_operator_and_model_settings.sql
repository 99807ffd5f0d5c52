-- Issue #20: a fresh install is set up from the browser. The first person to open the one-time
-- setup link printed at start-up becomes the operator, who connects a model in Settings → Model.
ALTER TABLE users ADD COLUMN is_operator boolean NOT NULL DEFAULT false;
-- One operator per server, whatever a claim, a script or a hand-written UPDATE does.
CREATE UNIQUE INDEX users_one_operator ON users ((true)) WHERE is_operator;

-- The model the operator connected: one row (id is always true), read by every instance. The API
-- key is encrypted (api/settings/secretBox.ts); environment variables win over each field.
CREATE TABLE model_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  base_url text,
  api_key_encrypted text,
  default_model text,
  models text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);

-- The one-time setup token: at most one valid at a time (one row), so instances starting together
-- on one database agree on it. Checked by its SHA-256 hash; kept encrypted too, under a key derived
-- from SESSION_SECRET, so a restart can print the same link again until someone claims it.
CREATE TABLE setup_tokens (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  token_hash text NOT NULL,
  token_encrypted text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
