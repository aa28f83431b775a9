DROP FUNCTION IF EXISTS public.import_dashboard(uuid, jsonb);
DROP FUNCTION IF EXISTS public.dashboard_import_metric(uuid, text, text);
DROP FUNCTION IF EXISTS public.dashboard_import_error(text, text);
DROP FUNCTION IF EXISTS public.duplicate_dashboard(uuid);
DROP FUNCTION IF EXISTS public.dashboards_assert_editor(uuid);
ALTER TABLE public.panels DROP CONSTRAINT IF EXISTS panels_height_range;
ALTER TABLE public.panels DROP COLUMN IF EXISTS height;
