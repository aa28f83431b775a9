-- Several metrics per panel, and thresholds on stat panels (issue 24 item 3). A panel's own
-- metric_id stays its first series (older clients and the share role read it as before); the
-- others are rows of panel_metrics. Rules a client can break fail with SQLSTATE 23514 naming the
-- rule as `check constraint "<name>"`.

CREATE TABLE public.panel_metrics (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  panel_id uuid NOT NULL,
  metric_id uuid NOT NULL,
  -- The series' place after the panel's own metric (which is series 0).
  position integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT panel_metrics_pkey PRIMARY KEY (id),
  CONSTRAINT panel_metrics_panel_id_metric_id_key UNIQUE (panel_id, metric_id),
  CONSTRAINT panel_metrics_panel_id_fkey FOREIGN KEY (panel_id)
    REFERENCES public.panels (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT panel_metrics_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT panel_metrics_position_valid CHECK (position >= 1)
);
COMMENT ON TABLE public.panel_metrics IS 'The series a line or bar panel draws after its own metric, at most 4 of them.';
-- Serves the `share` role's filters (metric → panel_metrics → panel → dashboard) and cascades from metrics.
CREATE INDEX panel_metrics_metric_id_idx ON public.panel_metrics (metric_id);

-- As panels_enforce_rules: a series is a metric of the panel's dashboard's workspace (a share
-- link publishes it), other than the panel's own metric; and at most 5 series per panel, the
-- panel's own metric and 4 more (locking and counting as for panels).
CREATE FUNCTION public.panel_metrics_enforce_rules() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  panel record;
BEGIN
  SELECT p.metric_id, d.workspace_id INTO panel
    FROM public.panels p JOIN public.dashboards d ON d.id = p.dashboard_id
   WHERE p.id = NEW.panel_id;
  IF panel.workspace_id IS DISTINCT FROM (SELECT workspace_id FROM public.metrics WHERE id = NEW.metric_id) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'panel_metrics_same_workspace',
      MESSAGE = 'violates check constraint "panel_metrics_same_workspace": a panel shows metrics of its dashboard''s workspace';
  END IF;
  IF NEW.metric_id = panel.metric_id THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'panel_metrics_distinct',
      MESSAGE = 'violates check constraint "panel_metrics_distinct": a panel shows each metric once';
  END IF;
  IF TG_OP = 'INSERT' OR NEW.panel_id IS DISTINCT FROM OLD.panel_id THEN
    PERFORM pg_advisory_xact_lock(hashtext('public.panel_metrics'), hashtext(NEW.panel_id::text));
    IF (SELECT count(*) FROM public.panel_metrics WHERE panel_id = NEW.panel_id) >= 4 THEN
      RAISE EXCEPTION USING
        ERRCODE = 'check_violation',
        CONSTRAINT = 'panel_metrics_limit',
        MESSAGE = 'violates check constraint "panel_metrics_limit": a panel shows at most 5 metrics';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER panel_metrics_enforce_rules BEFORE INSERT OR UPDATE OF panel_id, metric_id ON public.panel_metrics
  FOR EACH ROW EXECUTE FUNCTION public.panel_metrics_enforce_rules();

-- The same two rules seen from the panel: its own metric may not become one of its other
-- series, nor may it move to a dashboard of a workspace its series are not in.
CREATE FUNCTION public.panels_keep_series_rules() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM public.panel_metrics WHERE panel_id = NEW.id AND metric_id = NEW.metric_id) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'panel_metrics_distinct',
      MESSAGE = 'violates check constraint "panel_metrics_distinct": a panel shows each metric once';
  END IF;
  IF EXISTS (
    SELECT 1 FROM public.panel_metrics pm JOIN public.metrics m ON m.id = pm.metric_id
     WHERE pm.panel_id = NEW.id
       AND m.workspace_id IS DISTINCT FROM (SELECT workspace_id FROM public.dashboards WHERE id = NEW.dashboard_id)
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'panel_metrics_same_workspace',
      MESSAGE = 'violates check constraint "panel_metrics_same_workspace": a panel shows metrics of its dashboard''s workspace';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER panels_keep_series_rules BEFORE UPDATE OF dashboard_id, metric_id ON public.panels
  FOR EACH ROW EXECUTE FUNCTION public.panels_keep_series_rules();

-- Changing a panel's series is editing its dashboard ("recently updated" lists).
CREATE FUNCTION public.panel_metrics_touch_dashboard() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE public.dashboards SET updated_at = now()
   WHERE id IN (SELECT dashboard_id FROM public.panels WHERE id IN (OLD.panel_id, NEW.panel_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER panel_metrics_touch_dashboard AFTER INSERT OR UPDATE OR DELETE ON public.panel_metrics
  FOR EACH ROW EXECUTE FUNCTION public.panel_metrics_touch_dashboard();

-- A stat panel's thresholds: at most 5 steps, ascending by value, each
-- {"value": <number>, "colour": <one of a fixed set of names>}. The value shows in the colour of
-- the highest step it reaches; the names, not CSS colours, are stored so that the app chooses
-- shades readable on its light and dark themes.
CREATE FUNCTION public.panel_thresholds_valid(steps jsonb) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE
AS $$
DECLARE
  step jsonb;
  previous numeric;
BEGIN
  IF jsonb_typeof(steps) IS DISTINCT FROM 'array' OR jsonb_array_length(steps) > 5 THEN
    RETURN false;
  END IF;
  FOR step IN SELECT value FROM jsonb_array_elements(steps) LOOP
    IF jsonb_typeof(step) IS DISTINCT FROM 'object'
       OR jsonb_typeof(step -> 'value') IS DISTINCT FROM 'number'
       OR coalesce(step ->> 'colour', '') NOT IN ('green', 'blue', 'yellow', 'orange', 'red', 'purple')
       OR step - 'value' - 'colour' <> '{}'::jsonb THEN
      RETURN false;
    END IF;
    IF previous IS NOT NULL AND (step ->> 'value')::numeric <= previous THEN
      RETURN false;
    END IF;
    previous := (step ->> 'value')::numeric;
  END LOOP;
  RETURN true;
END;
$$;
ALTER TABLE public.panels ADD COLUMN thresholds jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE public.panels ADD CONSTRAINT panels_thresholds_valid CHECK (public.panel_thresholds_valid(thresholds));
