DROP TABLE IF EXISTS public.panels;
DROP FUNCTION IF EXISTS public.panels_touch_dashboard();
DROP FUNCTION IF EXISTS public.panels_enforce_rules();
DROP TABLE IF EXISTS public.dashboards;
DROP FUNCTION IF EXISTS public.dashboards_share_by_owners_only();
