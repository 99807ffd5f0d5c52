-- A self-hosted server without payments: the operator gives Pro to accounts by hand, and chooses
-- whether every account gets every tool. A grant is its own column, apart from the Stripe
-- subscription's, so a webhook never ends a grant and a revoke never ends a paid subscription.
ALTER TABLE users ADD COLUMN pro_granted_at timestamptz;

-- Grants made by the command line before grants had a column of their own were written as an
-- active Pro subscription with no Stripe subscription behind it: they become grants.
UPDATE users SET pro_granted_at = now(), subscription_tier = 'none', subscription_active = 'false'
 WHERE subscription_tier = 'pro' AND subscription_active = 'true' AND stripe_subscription_id IS NULL;

-- What the operator chose in Settings → Plans: one row (id is always true). No row: the default,
-- every account gets every tool. Read only while no payment provider is configured.
CREATE TABLE plan_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  every_account_pro boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users(id) ON DELETE SET NULL
);
