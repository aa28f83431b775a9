-- Hasura's own catalog, as Hasura GraphQL Engine v2 creates it in its metadata database, so that
-- tools reading it (the Hasura CLI, pg_dump-based backups, Nhost's tooling) find what they expect:
-- the metadata row, the version row that holds the CLI's migration state (`cli_state`), and the
-- CLI's older `schema_migrations` table. Event-trigger and scheduled-event tables are left to the
-- code that runs triggers.

CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE EXTENSION IF NOT EXISTS citext;

CREATE SCHEMA IF NOT EXISTS hdb_catalog;

-- Hasura calls this wherever it needs a UUID, whatever provides gen_random_uuid().
CREATE OR REPLACE FUNCTION hdb_catalog.gen_hasura_uuid() RETURNS uuid
  LANGUAGE sql AS 'select gen_random_uuid()';

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_version (
  hasura_uuid uuid PRIMARY KEY DEFAULT hdb_catalog.gen_hasura_uuid(),
  version text NOT NULL,
  upgraded_on timestamptz NOT NULL,
  cli_state jsonb NOT NULL DEFAULT '{}'::jsonb,
  console_state jsonb NOT NULL DEFAULT '{}'::jsonb,
  ee_client_id text,
  ee_client_secret text
);
-- Hasura keeps exactly one version row.
CREATE UNIQUE INDEX IF NOT EXISTS hdb_version_one_row ON hdb_catalog.hdb_version ((version IS NOT NULL));
-- '48': the catalog version written by the Hasura v2 releases whose behaviour is mirrored here.
INSERT INTO hdb_catalog.hdb_version (version, upgraded_on)
  VALUES ('48', now())
  ON CONFLICT ((version IS NOT NULL)) DO NOTHING;

-- The whole metadata as one JSON document (row id 1); resource_version guards concurrent writers.
CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_metadata (
  id integer PRIMARY KEY,
  metadata json NOT NULL,
  resource_version integer NOT NULL DEFAULT 1 UNIQUE
);

-- Tells other instances sharing this database that the metadata changed.
CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_schema_notifications (
  id integer PRIMARY KEY CHECK (id = 1),
  notification json NOT NULL,
  resource_version integer NOT NULL DEFAULT 1,
  instance_id uuid NOT NULL,
  updated_at timestamptz DEFAULT now()
);

-- The Hasura CLI's migration table (CLI config v2, and the source it copies from for config v3),
-- exactly as `MigrationStateStoreHdbTable` creates it.
CREATE TABLE IF NOT EXISTS hdb_catalog.schema_migrations (
  version bigint NOT NULL PRIMARY KEY,
  dirty boolean NOT NULL
);
