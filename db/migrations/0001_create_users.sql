-- Accounts (spec §3 users). Usernames and emails are unique regardless of case.
CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password text NOT NULL,
  name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  auth_provider text NOT NULL DEFAULT 'local',
  subscription_tier text NOT NULL DEFAULT 'none' CHECK (subscription_tier IN ('none', 'pro')),
  subscription_active text NOT NULL DEFAULT 'false' CHECK (subscription_active IN ('true', 'false')),
  stripe_customer_id text,
  stripe_subscription_id text
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_stripe_customer_id_key ON users (stripe_customer_id);
