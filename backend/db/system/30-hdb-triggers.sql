-- Hasura v2's event-trigger and scheduled-trigger catalog (server/src-rc/migrations and
-- `initialCatalog` in hasura/graphql-engine), so that tools and queries written for Hasura find
-- the same tables: the delivery machinery in backend/triggers reads and writes them.

CREATE TABLE IF NOT EXISTS hdb_catalog.event_log (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  schema_name text NOT NULL,
  table_name text NOT NULL,
  trigger_name text NOT NULL,
  payload jsonb NOT NULL,
  delivered boolean NOT NULL DEFAULT false,
  error boolean NOT NULL DEFAULT false,
  tries integer NOT NULL DEFAULT 0,
  created_at timestamp DEFAULT now(),
  locked timestamptz NULL,
  next_retry_at timestamp,
  archived boolean NOT NULL DEFAULT false
);
-- The fetch query's index, as Hasura creates it.
CREATE INDEX IF NOT EXISTS event_log_fetch_events ON hdb_catalog.event_log (locked NULLS FIRST, next_retry_at NULLS FIRST, created_at)
  WHERE delivered = 'f' AND error = 'f' AND archived = 'f';
CREATE INDEX IF NOT EXISTS event_log_trigger_name ON hdb_catalog.event_log (trigger_name);

CREATE TABLE IF NOT EXISTS hdb_catalog.event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  trigger_name text,
  event_id text,
  status integer,
  request json,
  response json,
  created_at timestamp DEFAULT now()
);
CREATE INDEX IF NOT EXISTS event_invocation_logs_event_id ON hdb_catalog.event_invocation_logs (event_id);

-- Called by each event trigger's row trigger. Session variables come from `hasura.user`, which
-- the engine sets in every mutation's transaction; NULLIF because a pooled connection that once
-- set it reports '' afterwards. The NOTIFY wakes the delivery workers at commit (Postgres folds
-- identical notifications of one transaction into one).
CREATE OR REPLACE FUNCTION hdb_catalog.insert_event_log(schema_name text, table_name text, trigger_name text, op text, row_data json)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  id text;
  payload json;
BEGIN
  id := gen_random_uuid();
  payload := json_build_object(
    'op', op,
    'data', row_data,
    'session_variables', NULLIF(current_setting('hasura.user', true), '')::json,
    'trace_context', NULLIF(current_setting('hasura.tracecontext', true), '')::json
  );
  INSERT INTO hdb_catalog.event_log (id, schema_name, table_name, trigger_name, payload)
    VALUES (id, schema_name, table_name, trigger_name, payload);
  PERFORM pg_notify('pulseboard_events', '');
  RETURN id;
END;
$$;

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_cron_events (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  trigger_name text NOT NULL,
  scheduled_time timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled',
  tries integer NOT NULL DEFAULT 0,
  created_at timestamptz DEFAULT now(),
  next_retry_at timestamptz,
  CONSTRAINT valid_status CHECK (status IN ('scheduled', 'locked', 'delivered', 'error', 'dead'))
);
-- One event per trigger and time: instances that top up the schedule together cannot duplicate it.
CREATE UNIQUE INDEX IF NOT EXISTS hdb_cron_events_unique_scheduled ON hdb_catalog.hdb_cron_events (trigger_name, scheduled_time)
  WHERE status = 'scheduled';
CREATE INDEX IF NOT EXISTS hdb_cron_event_status ON hdb_catalog.hdb_cron_events (status);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_cron_event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  event_id text REFERENCES hdb_catalog.hdb_cron_events (id) ON DELETE CASCADE ON UPDATE CASCADE,
  status integer,
  request json,
  response json,
  created_at timestamptz DEFAULT now()
);
CREATE INDEX IF NOT EXISTS hdb_cron_event_invocation_event_id ON hdb_catalog.hdb_cron_event_invocation_logs (event_id);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_scheduled_events (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  webhook_conf json NOT NULL,
  scheduled_time timestamptz NOT NULL,
  retry_conf json,
  payload json,
  header_conf json,
  status text NOT NULL DEFAULT 'scheduled',
  tries integer NOT NULL DEFAULT 0,
  created_at timestamptz DEFAULT now(),
  next_retry_at timestamptz,
  comment text,
  request_transform json,
  response_transform json,
  CONSTRAINT valid_status CHECK (status IN ('scheduled', 'locked', 'delivered', 'error', 'dead'))
);
CREATE INDEX IF NOT EXISTS hdb_scheduled_event_status ON hdb_catalog.hdb_scheduled_events (status);

CREATE TABLE IF NOT EXISTS hdb_catalog.hdb_scheduled_event_invocation_logs (
  id text DEFAULT hdb_catalog.gen_hasura_uuid() PRIMARY KEY,
  event_id text REFERENCES hdb_catalog.hdb_scheduled_events (id) ON DELETE CASCADE ON UPDATE CASCADE,
  status integer,
  request json,
  response json,
  created_at timestamptz DEFAULT now()
);
CREATE INDEX IF NOT EXISTS hdb_scheduled_event_invocation_event_id ON hdb_catalog.hdb_scheduled_event_invocation_logs (event_id);
