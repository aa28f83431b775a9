-- Dashboard layout (issue 24 item 4): a panel height in grid rows beside its width, copying a
-- dashboard, and creating one from an exported JSON document (docs/dashboard-format.md). Rules
-- a client can break fail with SQLSTATE 23514 naming the rule as `check constraint "<name>"`.

-- Rows of the dashboard grid (60 px each, gaps included in the span). 4 rows is the card a panel
-- had before heights: its header and a 180 px chart.
ALTER TABLE public.panels ADD COLUMN height integer NOT NULL DEFAULT 4;
ALTER TABLE public.panels ADD CONSTRAINT panels_height_range CHECK (height BETWEEN 3 AND 12);

-- Both functions below create a dashboard for the session's user: the caller must be an owner or
-- editor of the workspace (as the insert permission on dashboards says). Without a session
-- (admin code speaking SQL) they allow.
CREATE FUNCTION public.dashboards_assert_editor(target_workspace_id uuid) RETURNS void
  LANGUAGE plpgsql
AS $$
DECLARE
  session jsonb := public.hasura_session();
BEGIN
  IF session IS NULL OR coalesce(session ->> 'x-hasura-role', 'admin') = 'admin' THEN
    RETURN;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM public.workspace_members
     WHERE workspace_id = target_workspace_id
       AND user_id = public.hasura_session_user_id()
       AND role IN ('owner', 'editor')
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'dashboards_created_by_editors',
      MESSAGE = 'violates check constraint "dashboards_created_by_editors": only an owner or editor of the workspace creates its dashboards';
  END IF;
END;
$$;

-- A copy of a dashboard titled "<title> (copy)" with all its panels in their order (their other
-- series and thresholds too), private (no share token). Tracked as a mutation; the panels'
-- trigger keeps the 24-panel limit.
CREATE FUNCTION public.duplicate_dashboard(dashboard_id uuid) RETURNS SETOF public.dashboards
  LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  source public.dashboards;
  copy public.dashboards;
  panel public.panels;
  copied_panel_id uuid;
BEGIN
  SELECT * INTO source FROM public.dashboards WHERE id = duplicate_dashboard.dashboard_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  PERFORM public.dashboards_assert_editor(source.workspace_id);
  -- Titles have at most 80 characters: a long one is cut to leave room for the suffix.
  INSERT INTO public.dashboards (workspace_id, title, description)
  VALUES (source.workspace_id, left(btrim(source.title, E' \t\r\n'), 73) || ' (copy)', source.description)
  RETURNING * INTO copy;
  FOR panel IN SELECT * FROM public.panels WHERE panels.dashboard_id = source.id ORDER BY position, created_at LOOP
    INSERT INTO public.panels (dashboard_id, metric_id, title, kind, aggregation, bucket_seconds, position, width, height, thresholds)
    VALUES (copy.id, panel.metric_id, panel.title, panel.kind, panel.aggregation, panel.bucket_seconds, panel.position,
            panel.width, panel.height, panel.thresholds)
    RETURNING id INTO copied_panel_id;
    INSERT INTO public.panel_metrics (panel_id, metric_id, position)
    SELECT copied_panel_id, metric_id, position FROM public.panel_metrics WHERE panel_id = panel.id;
  END LOOP;
  RETURN NEXT copy;
END;
$$;

-- Raises the import's one error: `<path>: <problem>` after the rule name, e.g.
-- `panels[3].metric: no metric named "cpu" in this workspace`.
CREATE FUNCTION public.dashboard_import_error(path text, problem text) RETURNS void
  LANGUAGE plpgsql
AS $$
BEGIN
  RAISE EXCEPTION USING
    ERRCODE = 'check_violation',
    CONSTRAINT = 'dashboard_import_valid',
    MESSAGE = format('violates check constraint "dashboard_import_valid": %s: %s', path, problem);
END;
$$;

-- The one metric of the workspace named `name`, for the import's `path` (its metric or a series).
CREATE FUNCTION public.dashboard_import_metric(target_workspace_id uuid, name text, path text) RETURNS uuid
  LANGUAGE plpgsql STABLE
AS $$
DECLARE
  found_metric_ids uuid[];
BEGIN
  SELECT array_agg(id) INTO found_metric_ids
    FROM public.metrics
   WHERE metrics.workspace_id = target_workspace_id AND metrics.name = dashboard_import_metric.name;
  IF found_metric_ids IS NULL THEN
    PERFORM public.dashboard_import_error(path, format('no metric named %s in this workspace', to_json(name)));
  END IF;
  IF cardinality(found_metric_ids) > 1 THEN
    PERFORM public.dashboard_import_error(path, format('several metrics are named %s in this workspace', to_json(name)));
  END IF;
  RETURN found_metric_ids[1];
END;
$$;

-- A dashboard made from a version-1 document of docs/dashboard-format.md, its panels' metrics
-- found by name in the workspace. The web app checks the same rules first
-- (src/features/dashboards/dashboard-format.ts); this is what holds for any client.
CREATE FUNCTION public.import_dashboard(workspace_id uuid, document jsonb) RETURNS SETOF public.dashboards
  LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  created public.dashboards;
  panel jsonb;
  panel_index integer := 0;
  path text;
  first_metric_id uuid;
  new_panel_id uuid;
  series_name text;
  series_index integer;
  field record;
  rule text;
BEGIN
  PERFORM public.dashboards_assert_editor(import_dashboard.workspace_id);
  IF jsonb_typeof(document) IS DISTINCT FROM 'object' THEN
    PERFORM public.dashboard_import_error('$', 'a dashboard document is a JSON object');
  END IF;
  IF document -> 'version' IS DISTINCT FROM '1'::jsonb THEN
    PERFORM public.dashboard_import_error('version', 'only version 1 is known');
  END IF;
  IF jsonb_typeof(document -> 'title') IS DISTINCT FROM 'string' THEN
    PERFORM public.dashboard_import_error('title', 'a text is needed');
  END IF;
  IF document ? 'description' AND jsonb_typeof(document -> 'description') IS DISTINCT FROM 'string' THEN
    PERFORM public.dashboard_import_error('description', 'a text is needed');
  END IF;
  IF jsonb_typeof(document -> 'panels') IS DISTINCT FROM 'array' THEN
    PERFORM public.dashboard_import_error('panels', 'a list is needed');
  END IF;
  IF jsonb_array_length(document -> 'panels') > 24 THEN
    PERFORM public.dashboard_import_error('panels', 'a dashboard has at most 24 panels');
  END IF;

  BEGIN
    INSERT INTO public.dashboards (workspace_id, title, description)
    VALUES (import_dashboard.workspace_id, document ->> 'title', coalesce(document ->> 'description', ''))
    RETURNING * INTO created;
  EXCEPTION WHEN check_violation THEN
    GET STACKED DIAGNOSTICS rule = CONSTRAINT_NAME;
    PERFORM public.dashboard_import_error(
      CASE rule WHEN 'dashboards_description_length' THEN 'description' ELSE 'title' END, format('breaks the rule %s', rule));
  END;

  FOR panel IN SELECT value FROM jsonb_array_elements(document -> 'panels') LOOP
    path := format('panels[%s]', panel_index);
    IF jsonb_typeof(panel) IS DISTINCT FROM 'object' THEN
      PERFORM public.dashboard_import_error(path, 'a panel is a JSON object');
    END IF;
    FOR field IN
      SELECT * FROM (VALUES
        ('metric', 'string', true), ('title', 'string', false), ('kind', 'string', true),
        ('aggregation', 'string', true), ('bucketSeconds', 'number', true)
      ) AS fields (name, type, required)
    LOOP
      IF (field.required OR panel ? field.name) AND jsonb_typeof(panel -> field.name) IS DISTINCT FROM field.type THEN
        PERFORM public.dashboard_import_error(path || '.' || field.name, format('a %s is needed', CASE field.type WHEN 'string' THEN 'text' ELSE 'number' END));
      END IF;
    END LOOP;
    IF jsonb_typeof(panel -> 'layout') IS DISTINCT FROM 'object'
       OR jsonb_typeof(panel -> 'layout' -> 'width') IS DISTINCT FROM 'number'
       OR jsonb_typeof(panel -> 'layout' -> 'height') IS DISTINCT FROM 'number' THEN
      PERFORM public.dashboard_import_error(path || '.layout', 'a width and a height are needed');
    END IF;
    IF panel ? 'series' AND jsonb_typeof(panel -> 'series') IS DISTINCT FROM 'array' THEN
      PERFORM public.dashboard_import_error(path || '.series', 'a list is needed');
    END IF;
    IF panel ? 'thresholds' AND jsonb_typeof(panel -> 'thresholds') IS DISTINCT FROM 'array' THEN
      PERFORM public.dashboard_import_error(path || '.thresholds', 'a list is needed');
    END IF;
    first_metric_id := public.dashboard_import_metric(import_dashboard.workspace_id, panel ->> 'metric', path || '.metric');
    BEGIN
      INSERT INTO public.panels (dashboard_id, metric_id, title, kind, aggregation, bucket_seconds, position, width, height, thresholds)
      VALUES (
        created.id, first_metric_id, coalesce(panel ->> 'title', ''), panel ->> 'kind', panel ->> 'aggregation',
        (panel ->> 'bucketSeconds')::integer, panel_index,
        (panel -> 'layout' ->> 'width')::integer, (panel -> 'layout' ->> 'height')::integer,
        coalesce(panel -> 'thresholds', '[]'::jsonb)
      )
      RETURNING id INTO new_panel_id;
    EXCEPTION
      WHEN check_violation THEN
        GET STACKED DIAGNOSTICS rule = CONSTRAINT_NAME;
        PERFORM public.dashboard_import_error(
          path || CASE rule
            WHEN 'panels_title_length' THEN '.title'
            WHEN 'panels_kind_valid' THEN '.kind'
            WHEN 'panels_aggregation_valid' THEN '.aggregation'
            WHEN 'panels_bucket_seconds_valid' THEN '.bucketSeconds'
            WHEN 'panels_width_range' THEN '.layout.width'
            WHEN 'panels_height_range' THEN '.layout.height'
            WHEN 'panels_thresholds_valid' THEN '.thresholds'
            ELSE ''
          END,
          format('breaks the rule %s', rule));
      WHEN invalid_text_representation OR numeric_value_out_of_range THEN
        PERFORM public.dashboard_import_error(path, 'a number is not a whole number');
    END;
    series_index := 0;
    FOR series_name IN SELECT value FROM jsonb_array_elements_text(coalesce(panel -> 'series', '[]'::jsonb)) LOOP
      BEGIN
        INSERT INTO public.panel_metrics (panel_id, metric_id, position)
        VALUES (new_panel_id, public.dashboard_import_metric(import_dashboard.workspace_id, series_name, format('%s.series[%s]', path, series_index)), series_index + 1);
      EXCEPTION WHEN check_violation OR unique_violation THEN
        GET STACKED DIAGNOSTICS rule = CONSTRAINT_NAME;
        -- The import's own error passes on; the series' rules (at most 5 metrics, each once) name the list.
        IF rule = 'dashboard_import_valid' THEN
          RAISE;
        END IF;
        PERFORM public.dashboard_import_error(path || '.series', format('breaks the rule %s', rule));
      END;
      series_index := series_index + 1;
    END LOOP;
    panel_index := panel_index + 1;
  END LOOP;
  RETURN NEXT created;
END;
$$;
