-- Backend instances sharing this database, each beating every few seconds
-- (backend/triggers/instance-heartbeat.ts). An event, cron event or scheduled event a delivery
-- loop takes records its holder in `locked_by`; once that holder has stopped beating, any other
-- instance frees the lock, so that a crashed instance's events go out again within seconds
-- rather than after Hasura's 30 minutes.
CREATE TABLE IF NOT EXISTS hdb_catalog.pulseboard_instance_heartbeats (
  instance_id uuid PRIMARY KEY,
  -- Host and process id, for an operator reading the table.
  description text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  beat_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE hdb_catalog.event_log ADD COLUMN IF NOT EXISTS locked_by uuid;
ALTER TABLE hdb_catalog.hdb_cron_events ADD COLUMN IF NOT EXISTS locked_by uuid;
ALTER TABLE hdb_catalog.hdb_scheduled_events ADD COLUMN IF NOT EXISTS locked_by uuid;

-- The sweep that frees the locks of stopped instances reads only locked rows.
CREATE INDEX IF NOT EXISTS event_log_locked_by ON hdb_catalog.event_log (locked_by) WHERE locked IS NOT NULL;
CREATE INDEX IF NOT EXISTS hdb_cron_events_locked_by ON hdb_catalog.hdb_cron_events (locked_by) WHERE status = 'locked';
CREATE INDEX IF NOT EXISTS hdb_scheduled_events_locked_by ON hdb_catalog.hdb_scheduled_events (locked_by) WHERE status = 'locked';
