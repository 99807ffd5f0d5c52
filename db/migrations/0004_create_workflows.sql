-- The server copy of saved workflow history, so it follows the user across devices (design §3).
CREATE TABLE workflows (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  workflow_type text NOT NULL,
  path text NOT NULL DEFAULT '/chat',
  date timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX workflows_user_date_idx ON workflows (user_id, date DESC) WHERE deleted_at IS NULL;
