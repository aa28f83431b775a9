ALTER TABLE public.panels DROP CONSTRAINT panels_thresholds_valid;
ALTER TABLE public.panels DROP COLUMN thresholds;
DROP FUNCTION IF EXISTS public.panel_thresholds_valid(jsonb);
DROP TRIGGER IF EXISTS panels_keep_series_rules ON public.panels;
DROP FUNCTION IF EXISTS public.panels_keep_series_rules();
DROP TABLE IF EXISTS public.panel_metrics;
DROP FUNCTION IF EXISTS public.panel_metrics_touch_dashboard();
DROP FUNCTION IF EXISTS public.panel_metrics_enforce_rules();
