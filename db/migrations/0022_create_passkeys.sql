-- Passkeys: a rep signs in with Face ID, a fingerprint or the phone's PIN instead of the password.
-- One row per credential the rep's devices made; the id is the credential's own (base64url), the
-- public key checks each sign-in's signature, and the counter (when the authenticator keeps one)
-- goes up with each use, so a cloned authenticator shows itself.
CREATE TABLE passkeys (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  device_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_id ON passkeys (user_id);

-- The challenge each passkey ceremony signs: made by the server, used once (taken with DELETE …
-- RETURNING, so two instances cannot both accept it) and dead after expires_at. A sign-in's belongs
-- to no user yet; adding a passkey and confirming it is you belong to the signed-in user. The
-- relying party (rp_id, origin) it was made for is kept with it, so the answer is checked against
-- the site that asked, whichever instance checks it.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'confirm')),
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  rp_id text NOT NULL,
  origin text NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK ((purpose = 'login') = (user_id IS NULL))
);
CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at);
