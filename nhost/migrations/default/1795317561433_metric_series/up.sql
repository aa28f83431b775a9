-- metric_series: the bucketed series of one metric that panels query and subscribe to (SPEC §3).
--
-- Hasura tracks a function that returns SETOF a tracked table and applies that table's select
-- permissions to the rows it returns (https://hasura.io/docs/2.0/schema/postgres/custom-functions/):
-- metric_series_buckets is that table. It never holds rows; it only gives the function its row
-- type and carries the permissions (user: through metric → workspace membership; share: through
-- the metric being on the shared dashboard).
CREATE TABLE public.metric_series_buckets (
  metric_id uuid NOT NULL,
  bucket timestamptz NOT NULL,
  value double precision,
  samples integer NOT NULL,
  CONSTRAINT metric_series_buckets_never_holds_rows CHECK (false) NO INHERIT
);
COMMENT ON TABLE public.metric_series_buckets IS 'Row type of metric_series(); never holds rows.';

-- Rejects arguments metric_series cannot serve, as SQLSTATE 22023 (invalid_parameter_value):
-- Hasura answers a data exception with code `data-exception` and Postgres' message, so these
-- messages reach the client as they are.
-- At most 20,000 buckets per call: 7 days of 1-minute buckets (10,080) and 24 hours of 10-second
-- buckets (8,640) fit; 7 days of 10-second buckets (60,480) does not.
CREATE FUNCTION public.metric_series_check_arguments(
  bucket_seconds integer,
  since timestamptz,
  until timestamptz,
  aggregation text
) RETURNS boolean
  LANGUAGE plpgsql STABLE
AS $$
BEGIN
  IF bucket_seconds IS NULL OR bucket_seconds NOT IN (10, 60, 300, 900, 3600, 86400) THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'metric_series: bucket_seconds must be one of 10, 60, 300, 900, 3600, 86400';
  END IF;
  IF aggregation IS NULL OR aggregation NOT IN ('avg', 'sum', 'min', 'max', 'count', 'last') THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'metric_series: aggregation must be one of avg, sum, min, max, count, last';
  END IF;
  IF since IS NULL OR until IS NULL OR since >= until THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'metric_series: since must be earlier than until';
  END IF;
  IF extract(epoch FROM until - date_bin(make_interval(secs => bucket_seconds), since, timestamptz '1970-01-01 00:00:00+00'))
     > 20000::numeric * bucket_seconds THEN
    RAISE EXCEPTION USING ERRCODE = 'invalid_parameter_value',
      MESSAGE = 'metric_series: at most 20000 buckets per call; choose a larger bucket_seconds or a shorter range';
  END IF;
  RETURN true;
END;
$$;

-- One row per bucket that holds points, in time order; empty buckets are left out (a chart draws
-- them as gaps). Buckets are aligned on the Unix epoch (date_bin with origin 1970-01-01 UTC), so
-- every client and every refresh cuts the same buckets; the first bucket is the one containing
-- `since`, taken whole, and points at or after `until` are left out. `value` is the aggregation
-- over the bucket's points (`last`: the value of its newest point; `count`: the number of points),
-- `samples` their number.
--
-- A single-SELECT SQL function so that Postgres inlines it into the query that calls it
-- (Hasura's, with its permission filter): EXPLAIN then shows the index-only range scan on
-- points_metric_id_ts_key, and the argument check runs once as a one-time filter.
-- The stride is `greatest(bucket_seconds, 1)` seconds: with constant arguments Postgres folds
-- date_bin at plan time, and a stride of 0 or less would fail there with date_bin's own error
-- before the argument check could give its message.
CREATE FUNCTION public.metric_series(
  metric_id uuid,
  bucket_seconds integer,
  since timestamptz,
  until timestamptz DEFAULT now(),
  aggregation text DEFAULT 'avg'
) RETURNS SETOF public.metric_series_buckets
  LANGUAGE sql STABLE
AS $$
  SELECT
    p.metric_id,
    date_bin(make_interval(secs => greatest(metric_series.bucket_seconds, 1)), p.ts, timestamptz '1970-01-01 00:00:00+00') AS bucket,
    CASE metric_series.aggregation
      WHEN 'avg' THEN avg(p.value)
      WHEN 'sum' THEN sum(p.value)
      WHEN 'min' THEN min(p.value)
      WHEN 'max' THEN max(p.value)
      WHEN 'count' THEN count(*)::double precision
      -- The greatest [epoch, value] pair is the newest point's: constant memory per bucket and
      -- no sort, unlike array_agg(value ORDER BY ts). Epoch seconds as float8 keep microseconds
      -- exactly for any ts in the allowed window. Only accumulated when asked for.
      WHEN 'last' THEN (max(ARRAY[extract(epoch FROM p.ts)::double precision, p.value])
                          FILTER (WHERE metric_series.aggregation = 'last'))[2]
    END AS value,
    count(*)::integer AS samples
  FROM public.points AS p
  WHERE p.metric_id = metric_series.metric_id
    AND p.ts >= date_bin(make_interval(secs => greatest(metric_series.bucket_seconds, 1)), metric_series.since, timestamptz '1970-01-01 00:00:00+00')
    AND p.ts < metric_series.until
    AND public.metric_series_check_arguments(metric_series.bucket_seconds, metric_series.since, metric_series.until, metric_series.aggregation)
  GROUP BY p.metric_id, 2
  ORDER BY 2
$$;
COMMENT ON FUNCTION public.metric_series(uuid, integer, timestamptz, timestamptz, text) IS
  'Bucketed series of one metric: buckets of bucket_seconds (10, 60, 300, 900, 3600, 86400) aligned on the Unix epoch, from the bucket containing since up to until (default now), aggregated by avg, sum, min, max, count or last.';
