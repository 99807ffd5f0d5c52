-- The speech model the operator connected in Settings → Model, for the voice debrief: one row (id
-- is always true). A null base_url means the chat model's server transcribes too. The key is
-- encrypted as the model's is; environment variables win over each field.
CREATE TABLE speech_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  base_url text,
  api_key_encrypted text,
  model text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);
