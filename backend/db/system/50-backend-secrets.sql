-- The backend's own state, shared by every instance on one database (neither Hasura's nor
-- Nhost's): further tables of instance-wide state belong beside this one.
CREATE SCHEMA IF NOT EXISTS pulseboard;

-- Secrets the configuration does not set (HASURA_GRAPHQL_JWT_SECRET, NHOST_WEBHOOK_SECRET):
-- the first instance to start stores a random value under its name and every instance uses the
-- stored one, so tokens one instance signs verify on all of them (backend/config/stored-secrets.ts).
CREATE TABLE pulseboard.generated_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
