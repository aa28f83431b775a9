-- Rollups of points, kept as points are written, so that a panel over days or weeks reads a few
-- thousand pre-aggregated rows instead of every point (at 1 Hz, 7 days are 604,800 points).
--
-- point_rollups holds, per metric and per epoch-aligned bucket of 60, 300, 3600 and 86400
-- seconds, what every aggregation of metric_series can be combined from: the number of points,
-- their sum, min and max, and the newest point's ts and value. These sizes nest (each divides the
-- next) and divide every bucket_seconds a panel may ask for except 10, so a panel bucket is a
-- whole number of rollups of any size that divides it.
--
-- Kept in the same transaction as the points, by statement-level triggers that refresh the
-- buckets a statement touched: the minute from its points, then each size from the one below it
-- (5 minutes, 12 five-minute buckets, 24 hours). Insert, update and delete all refresh the same
-- way, because adding a point's value to a bucket cannot be undone for a min, a max or a newest
-- point, and because an upsert (INSERT ... ON CONFLICT DO UPDATE) fires its update trigger
-- before its insert trigger: a refresh reads what is there, so however often and in whatever
-- order the triggers fire, they agree. The cost is a read of the touched minutes' points: a batch
-- re-reads what it wrote, a single point the rest of its minute.
-- Every refresh first takes a transaction-scoped advisory lock per metric, so writers of one
-- metric take turns on its rollups: a refresh that waited for another writer then reads that
-- writer's committed points (each statement of a trigger reads a fresh snapshot under READ
-- COMMITTED, the isolation Hasura and this backend write with).
CREATE TABLE public.point_rollups (
  metric_id uuid NOT NULL,
  bucket_seconds integer NOT NULL,
  bucket timestamptz NOT NULL,
  samples bigint NOT NULL,
  total double precision NOT NULL,
  lowest double precision NOT NULL,
  highest double precision NOT NULL,
  last_ts timestamptz NOT NULL,
  last_value double precision NOT NULL,
  CONSTRAINT point_rollups_pkey PRIMARY KEY (metric_id, bucket_seconds, bucket),
  CONSTRAINT point_rollups_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT point_rollups_bucket_seconds CHECK (bucket_seconds IN (60, 300, 3600, 86400))
);
COMMENT ON TABLE public.point_rollups IS
  'Per metric and epoch-aligned bucket of 60, 300, 3600 or 86400 s: count, sum, min, max and newest point of its points. Kept by the points triggers; read by metric_series.';

-- The rollup sizes, coarsest first.
CREATE FUNCTION public.point_rollup_sizes() RETURNS integer[]
  LANGUAGE sql IMMUTABLE
AS $$ SELECT ARRAY[86400, 3600, 300, 60] $$;

-- Writers of the same metrics take turns on their rollups; locks in metric order, so that two
-- batches over the same metrics cannot deadlock.
CREATE FUNCTION public.point_rollups_lock(metric_ids uuid[]) RETURNS void
  LANGUAGE sql VOLATILE
AS $$
  SELECT count(pg_advisory_xact_lock(hashtext('public.point_rollups'), hashtext(m::text)))
    FROM (SELECT DISTINCT m FROM unnest(metric_ids) AS m ORDER BY m) AS ordered
$$;

-- Recounts from the points the minute rollups of the given (metric, minute) pairs (distinct
-- pairs); a minute left without points loses its rollup.
CREATE FUNCTION public.point_rollups_recount_minutes(metric_ids uuid[], minutes timestamptz[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  DELETE FROM public.point_rollups AS r
   USING unnest(metric_ids, minutes) AS t(metric_id, minute)
   WHERE r.metric_id = t.metric_id AND r.bucket_seconds = 60 AND r.bucket = t.minute;
  -- LATERAL: one index range scan per minute, whatever the planner guesses of fresh rows. The
  -- newest point's value is looked up by its ts (in the index) rather than carried through the
  -- aggregate, which would build an array per point.
  INSERT INTO public.point_rollups (metric_id, bucket_seconds, bucket, samples, total, lowest, highest, last_ts, last_value)
  SELECT t.metric_id, 60, t.minute, a.samples, a.total, a.lowest, a.highest, a.last_ts,
         (SELECT p.value FROM public.points AS p WHERE p.metric_id = t.metric_id AND p.ts = a.last_ts)
    FROM unnest(metric_ids, minutes) AS t(metric_id, minute)
   CROSS JOIN LATERAL (
     SELECT count(*) AS samples, sum(p.value) AS total, min(p.value) AS lowest, max(p.value) AS highest, max(p.ts) AS last_ts
       FROM public.points AS p
      WHERE p.metric_id = t.metric_id AND p.ts >= t.minute AND p.ts < t.minute + interval '60 seconds'
   ) AS a
   WHERE a.samples > 0;
END;
$$;

-- Recounts the 5-minute, hourly and daily rollups holding the given (metric, minute) pairs, each
-- size from the size below it.
CREATE FUNCTION public.point_rollups_recount_coarser(metric_ids uuid[], minutes timestamptz[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  finer integer := 60;
  coarser integer;
BEGIN
  FOREACH coarser IN ARRAY ARRAY[300, 3600, 86400] LOOP
    WITH buckets AS (
      SELECT DISTINCT metric_id, date_bin(make_interval(secs => coarser), minute, timestamptz '1970-01-01 00:00:00+00') AS bucket
        FROM unnest(metric_ids, minutes) AS t(metric_id, minute)
    )
    DELETE FROM public.point_rollups AS r
     USING buckets AS b
     WHERE r.metric_id = b.metric_id AND r.bucket_seconds = coarser AND r.bucket = b.bucket;
    INSERT INTO public.point_rollups (metric_id, bucket_seconds, bucket, samples, total, lowest, highest, last_ts, last_value)
    SELECT b.metric_id, coarser, b.bucket, a.samples, a.total, a.lowest, a.highest, a.last_ts, a.last_value
      FROM (
        SELECT DISTINCT t.metric_id, date_bin(make_interval(secs => coarser), t.minute, timestamptz '1970-01-01 00:00:00+00') AS bucket
          FROM unnest(metric_ids, minutes) AS t(metric_id, minute)
      ) AS b
     CROSS JOIN LATERAL (
       SELECT sum(r.samples) AS samples, sum(r.total) AS total, min(r.lowest) AS lowest, max(r.highest) AS highest,
              max(r.last_ts) AS last_ts, (max(ARRAY[extract(epoch FROM r.last_ts)::double precision, r.last_value]))[2] AS last_value
         FROM public.point_rollups AS r
        WHERE r.metric_id = b.metric_id AND r.bucket_seconds = finer
          AND r.bucket >= b.bucket AND r.bucket < b.bucket + make_interval(secs => coarser)
     ) AS a
     WHERE a.samples > 0;
    finer := coarser;
  END LOOP;
END;
$$;

-- Refreshes every rollup holding one of the given (metric, minute) pairs (distinct pairs), for
-- the update and delete triggers.
CREATE FUNCTION public.point_rollups_refresh(metric_ids uuid[], minutes timestamptz[]) RETURNS void
  LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  PERFORM public.point_rollups_lock(metric_ids);
  PERFORM public.point_rollups_recount_minutes(metric_ids, minutes);
  PERFORM public.point_rollups_recount_coarser(metric_ids, minutes);
END;
$$;

-- The triggers: the minutes that gained points (insert), lost them (delete) or both (update).
-- An insert counts a minute that has no rollup yet from the new points alone: every write keeps
-- the rollups of its minutes under the metric's lock, so such a minute holds no point counted
-- anywhere (a batch of new points is not read twice). Minutes that have a rollup are recounted.
CREATE FUNCTION public.points_rollups_after_insert() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  metric_ids uuid[];
  minutes timestamptz[];
  recount_ids uuid[];
  recount_minutes timestamptz[];
BEGIN
  SELECT array_agg(metric_id), array_agg(minute) INTO metric_ids, minutes
    FROM (
      SELECT DISTINCT metric_id, date_bin('60 seconds', ts, timestamptz '1970-01-01 00:00:00+00') AS minute
        FROM added_points
    ) AS touched;
  IF metric_ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM public.point_rollups_lock(metric_ids);
  WITH counted AS (
    INSERT INTO public.point_rollups (metric_id, bucket_seconds, bucket, samples, total, lowest, highest, last_ts, last_value)
    SELECT g.metric_id, 60, g.minute, g.samples, g.total, g.lowest, g.highest, g.last_ts,
           (SELECT p.value FROM public.points AS p WHERE p.metric_id = g.metric_id AND p.ts = g.last_ts)
      FROM (
        SELECT a.metric_id, m.minute, count(*) AS samples, sum(a.value) AS total, min(a.value) AS lowest,
               max(a.value) AS highest, max(a.ts) AS last_ts
          FROM added_points AS a
         CROSS JOIN LATERAL (SELECT date_bin('60 seconds', a.ts, timestamptz '1970-01-01 00:00:00+00') AS minute) AS m
         GROUP BY a.metric_id, m.minute
      ) AS g
     WHERE NOT EXISTS (
       SELECT 1 FROM public.point_rollups AS r
        WHERE r.metric_id = g.metric_id AND r.bucket_seconds = 60 AND r.bucket = g.minute
     )
    RETURNING metric_id, bucket
  )
  SELECT array_agg(t.metric_id), array_agg(t.minute) INTO recount_ids, recount_minutes
    FROM unnest(metric_ids, minutes) AS t(metric_id, minute)
   WHERE NOT EXISTS (SELECT 1 FROM counted AS c WHERE c.metric_id = t.metric_id AND c.bucket = t.minute);
  IF recount_ids IS NOT NULL THEN
    PERFORM public.point_rollups_recount_minutes(recount_ids, recount_minutes);
  END IF;
  PERFORM public.point_rollups_recount_coarser(metric_ids, minutes);
  RETURN NULL;
END;
$$;
CREATE TRIGGER points_rollups_after_insert AFTER INSERT ON public.points
  REFERENCING NEW TABLE AS added_points
  FOR EACH STATEMENT EXECUTE FUNCTION public.points_rollups_after_insert();

CREATE FUNCTION public.points_rollups_after_update() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM public.point_rollups_refresh(array_agg(metric_id), array_agg(minute))
     FROM (
       SELECT metric_id, date_bin('60 seconds', ts, timestamptz '1970-01-01 00:00:00+00') AS minute FROM old_points
        UNION
       SELECT metric_id, date_bin('60 seconds', ts, timestamptz '1970-01-01 00:00:00+00') FROM new_points
     ) AS touched
   HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER points_rollups_after_update AFTER UPDATE ON public.points
  REFERENCING OLD TABLE AS old_points NEW TABLE AS new_points
  FOR EACH STATEMENT EXECUTE FUNCTION public.points_rollups_after_update();

CREATE FUNCTION public.points_rollups_after_delete() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM public.point_rollups_refresh(array_agg(metric_id), array_agg(minute))
     FROM (
       SELECT DISTINCT metric_id, date_bin('60 seconds', ts, timestamptz '1970-01-01 00:00:00+00') AS minute
         FROM removed_points
     ) AS touched
   HAVING count(*) > 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER points_rollups_after_delete AFTER DELETE ON public.points
  REFERENCING OLD TABLE AS removed_points
  FOR EACH STATEMENT EXECUTE FUNCTION public.points_rollups_after_delete();

CREATE FUNCTION public.points_rollups_after_truncate() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  TRUNCATE public.point_rollups;
  RETURN NULL;
END;
$$;
CREATE TRIGGER points_rollups_after_truncate AFTER TRUNCATE ON public.points
  FOR EACH STATEMENT EXECUTE FUNCTION public.points_rollups_after_truncate();

-- Points written before this migration.
INSERT INTO public.point_rollups (metric_id, bucket_seconds, bucket, samples, total, lowest, highest, last_ts, last_value)
SELECT p.metric_id, s.seconds,
       date_bin(make_interval(secs => s.seconds), p.ts, timestamptz '1970-01-01 00:00:00+00'),
       count(*), sum(p.value), min(p.value), max(p.value),
       max(p.ts), (max(ARRAY[extract(epoch FROM p.ts)::double precision, p.value]))[2]
  FROM public.points AS p, unnest(public.point_rollup_sizes()) AS s(seconds)
 GROUP BY 1, 2, 3;

-- The stretches of a metric_series call that rollups can answer: for every rollup size dividing
-- bucket_seconds, coarsest first, [from_ts, to_ts) of whole rollups. The coarsest size covers
-- from the first bucket up to the last whole rollup of its size before `until`; each finer size
-- covers the rest of the way up to its own last whole rollup. Points after the finest stretch
-- (less than a minute) and every point of 10-second buckets are read raw.
CREATE FUNCTION public.metric_series_rollup_stretches(
  bucket_seconds integer,
  since timestamptz,
  until timestamptz
) RETURNS TABLE (seconds integer, from_ts timestamptz, to_ts timestamptz)
  LANGUAGE sql STABLE
AS $$
  SELECT s.seconds,
         greatest(
           date_bin(make_interval(secs => greatest(bucket_seconds, 1)), since, timestamptz '1970-01-01 00:00:00+00'),
           lag(date_bin(make_interval(secs => s.seconds), until, timestamptz '1970-01-01 00:00:00+00')) OVER (ORDER BY s.seconds DESC)
         ),
         date_bin(make_interval(secs => s.seconds), until, timestamptz '1970-01-01 00:00:00+00')
    FROM unnest(public.point_rollup_sizes()) AS s(seconds)
   WHERE bucket_seconds % s.seconds = 0
$$;

-- Same arguments, rows and errors as before (1795317561433_metric_series), now combined from
-- rollups and the raw points of the last minute (all raw points for 10-second buckets). Every
-- aggregation but avg and sum gives the same values bit for bit; avg and sum add partial sums,
-- so they can differ from a point-by-point sum in the last bits of a double.
-- Still one SELECT, so that Postgres inlines it into the query that calls it (Hasura's, with its
-- permission filter): EXPLAIN shows index scans on point_rollups_pkey and points_metric_id_ts_key.
CREATE OR REPLACE FUNCTION public.metric_series(
  metric_id uuid,
  bucket_seconds integer,
  since timestamptz,
  until timestamptz DEFAULT now(),
  aggregation text DEFAULT 'avg'
) RETURNS SETOF public.metric_series_buckets
  LANGUAGE sql STABLE
AS $$
  SELECT
    metric_series.metric_id,
    date_bin(make_interval(secs => greatest(metric_series.bucket_seconds, 1)), part.start, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    CASE metric_series.aggregation
      WHEN 'avg' THEN sum(part.total) / sum(part.samples)
      WHEN 'sum' THEN sum(part.total)
      WHEN 'min' THEN min(part.lowest)
      WHEN 'max' THEN max(part.highest)
      WHEN 'count' THEN sum(part.samples)::double precision
      WHEN 'last' THEN (max(ARRAY[extract(epoch FROM part.last_ts)::double precision, part.last_value])
                          FILTER (WHERE metric_series.aggregation = 'last'))[2]
    END AS value,
    sum(part.samples)::integer AS samples
  FROM (
    SELECT r.bucket AS start, r.samples, r.total, r.lowest, r.highest, r.last_ts, r.last_value
      FROM public.metric_series_rollup_stretches(metric_series.bucket_seconds, metric_series.since, metric_series.until) AS stretch
      JOIN public.point_rollups AS r
        ON r.metric_id = metric_series.metric_id
       AND r.bucket_seconds = stretch.seconds
       AND r.bucket >= stretch.from_ts
       AND r.bucket < stretch.to_ts
    UNION ALL
    SELECT p.ts, 1, p.value, p.value, p.value, p.ts, p.value
      FROM public.points AS p
     WHERE p.metric_id = metric_series.metric_id
       AND p.ts >= CASE
             WHEN metric_series.bucket_seconds % 60 = 0 THEN greatest(
               date_bin(make_interval(secs => greatest(metric_series.bucket_seconds, 1)), metric_series.since, timestamptz '1970-01-01 00:00:00+00'),
               date_bin('60 seconds', metric_series.until, timestamptz '1970-01-01 00:00:00+00'))
             ELSE date_bin(make_interval(secs => greatest(metric_series.bucket_seconds, 1)), metric_series.since, timestamptz '1970-01-01 00:00:00+00')
           END
       AND p.ts < metric_series.until
  ) AS part
  WHERE public.metric_series_check_arguments(metric_series.bucket_seconds, metric_series.since, metric_series.until, metric_series.aggregation)
  GROUP BY 2
  ORDER BY 2
$$;
