-- Faster ingest and CSV import (issue 13): a batch of up to 5,000 points reaches Postgres as one
-- jsonb value instead of 5,000 GraphQL input objects that the engine coerces, binds and plans one
-- by one (about two thirds of an ingest request's time before). Admin only: no role has a
-- permission on it; the ingest and import functions call it with the admin secret after checking
-- every point, as they called insert_points before.

-- The row type of write_points (never holds rows).
CREATE TABLE public.points_write_results (
  stored integer NOT NULL
);
COMMENT ON TABLE public.points_write_results IS 'The row type of write_points; never holds rows.';

-- Inserts `points`, a JSON array of {"metric_id": uuid, "ts": timestamptz, "value": float8}, in
-- one statement, all or nothing; a point already there (same metric and ts, in the table or
-- earlier in the batch) is left as it was. Returns one row: how many points were new. The points
-- triggers run as for any insert: the ts window, metrics.last_value/last_ts and the change
-- notification of live queries. Input that is not such an array fails with Postgres' own error
-- (not an array, not an object, a null metric_id, ts or value, a malformed uuid or time).
CREATE FUNCTION public.write_points(points jsonb) RETURNS SETOF public.points_write_results
  LANGUAGE sql VOLATILE
AS $$
  WITH written AS (
    INSERT INTO public.points (metric_id, ts, value)
    SELECT p.metric_id, p.ts, p.value
      FROM jsonb_to_recordset(points) AS p(metric_id uuid, ts timestamptz, value double precision)
    ON CONFLICT ON CONSTRAINT points_metric_id_ts_key DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::integer FROM written
$$;
