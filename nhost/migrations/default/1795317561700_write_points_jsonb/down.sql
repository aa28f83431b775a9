DROP FUNCTION IF EXISTS public.write_points(jsonb);
DROP TABLE IF EXISTS public.points_write_results;
