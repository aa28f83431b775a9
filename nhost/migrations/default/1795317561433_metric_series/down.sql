DROP FUNCTION IF EXISTS public.metric_series(uuid, integer, timestamptz, timestamptz, text);
DROP FUNCTION IF EXISTS public.metric_series_check_arguments(integer, timestamptz, timestamptz, text);
DROP TABLE IF EXISTS public.metric_series_buckets;
