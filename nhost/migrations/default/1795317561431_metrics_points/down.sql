DROP TABLE IF EXISTS public.points;
DROP FUNCTION IF EXISTS public.points_after_write();
DROP TABLE IF EXISTS public.metrics;
DROP FUNCTION IF EXISTS public.metrics_enforce_limit();
