-- Sliding-window rate limits shared by every backend instance on this database (Nhost Auth's
-- limits, Hasura's `rate_limit` API limit): backend/db/shared-sliding-window.ts. Each key keeps
-- the count of the current fixed window and of the one before, which is weighted by how much of
-- it the sliding window still overlaps, as Nhost Auth's `sliding_window.go` does.
CREATE TABLE IF NOT EXISTS hdb_catalog.pulseboard_rate_windows (
  -- The limit's name and the client it counts (address, account, recipient, role…).
  window_key text PRIMARY KEY,
  -- Start of the current fixed window, in ms since the epoch.
  window_start bigint NOT NULL,
  current_count integer NOT NULL,
  previous_count integer NOT NULL,
  -- Once past, the key counts nothing any more and may be deleted.
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS pulseboard_rate_windows_expires_at ON hdb_catalog.pulseboard_rate_windows (expires_at);

-- The key's window rolled forward to `now_ms` (the database's clock when NULL, so that instances
-- whose clocks differ agree), locked until the end of the transaction: concurrent requests of one
-- key count one after the other.
CREATE OR REPLACE FUNCTION hdb_catalog.pulseboard_rate_window(key text, interval_ms bigint, now_ms bigint,
  OUT window_start bigint, OUT current_count integer, OUT previous_count integer, OUT weight double precision)
LANGUAGE plpgsql AS $$
DECLARE
  at_ms bigint := coalesce(now_ms, (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
  start_ms bigint := at_ms - at_ms % interval_ms;
BEGIN
  INSERT INTO hdb_catalog.pulseboard_rate_windows AS w (window_key, window_start, current_count, previous_count, expires_at)
  VALUES (key, start_ms, 0, 0, to_timestamp((start_ms + 2 * interval_ms) / 1000.0))
  ON CONFLICT (window_key) DO UPDATE SET
    previous_count = CASE
      WHEN w.window_start >= start_ms THEN w.previous_count
      WHEN w.window_start = start_ms - interval_ms THEN w.current_count
      ELSE 0 END,
    current_count = CASE WHEN w.window_start >= start_ms THEN w.current_count ELSE 0 END,
    window_start = greatest(w.window_start, start_ms),
    expires_at = to_timestamp((greatest(w.window_start, start_ms) + 2 * interval_ms) / 1000.0)
  RETURNING w.window_start, w.current_count, w.previous_count
  INTO window_start, current_count, previous_count;
  weight := greatest(0, 1 - (at_ms - window_start)::double precision / interval_ms);
  -- Now and then, forget keys whose windows have passed, by the same clock as this call's window
  -- (a caller's own `now_ms` must not find its own key expired by the database's clock).
  IF random() < 0.01 THEN
    DELETE FROM hdb_catalog.pulseboard_rate_windows WHERE expires_at < to_timestamp(at_ms / 1000.0);
  END IF;
END;
$$;

-- Counts `amount` requests of `key` while each fits under `max_count`; true when all did. A
-- refused request is not counted.
CREATE OR REPLACE FUNCTION hdb_catalog.pulseboard_rate_take(key text, max_count integer, interval_ms bigint,
  amount integer DEFAULT 1, now_ms bigint DEFAULT NULL)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  w record;
  taken integer := 0;
BEGIN
  SELECT * INTO w FROM hdb_catalog.pulseboard_rate_window(key, interval_ms, now_ms);
  WHILE taken < amount AND w.previous_count * w.weight + w.current_count + taken < max_count LOOP
    taken := taken + 1;
  END LOOP;
  IF taken > 0 THEN
    UPDATE hdb_catalog.pulseboard_rate_windows SET current_count = current_count + taken WHERE window_key = key;
  END IF;
  RETURN taken = amount;
END;
$$;

-- Whether one more request of `key` would fit, without counting it.
CREATE OR REPLACE FUNCTION hdb_catalog.pulseboard_rate_has_room(key text, max_count integer, interval_ms bigint, now_ms bigint DEFAULT NULL)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  w record;
BEGIN
  SELECT * INTO w FROM hdb_catalog.pulseboard_rate_window(key, interval_ms, now_ms);
  RETURN w.previous_count * w.weight + w.current_count < max_count;
END;
$$;

-- Counts one event of `key` whether or not it fits (a failed sign-in).
CREATE OR REPLACE FUNCTION hdb_catalog.pulseboard_rate_count(key text, interval_ms bigint, now_ms bigint DEFAULT NULL)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM hdb_catalog.pulseboard_rate_window(key, interval_ms, now_ms);
  UPDATE hdb_catalog.pulseboard_rate_windows SET current_count = current_count + 1 WHERE window_key = key;
END;
$$;
