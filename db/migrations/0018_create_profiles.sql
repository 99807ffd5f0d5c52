-- The rep's profile (issue #21): what they sell, one row per user, every field optional. `fields`
-- maps a field's name to {value, editedAt, replaced?} so edits from two devices merge field by
-- field (domain/profile/merge.ts). Deleted with its user.
CREATE TABLE profiles (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
