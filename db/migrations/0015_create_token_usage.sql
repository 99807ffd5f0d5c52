-- The daily token allowance: tokens sent to and written by the model per payer (a user, or a
-- guest's address for the no-sign-up idea analysis) per UTC day, shared by every instance. A call
-- adds its largest possible cost before it starts (so parallel calls cannot overrun the allowance)
-- and corrects it to what it really cost when it ends.
CREATE TABLE token_usage (
  payer text NOT NULL,
  day date NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (payer, day)
);
CREATE INDEX token_usage_day ON token_usage (day);
