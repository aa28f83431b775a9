-- Dashboards and their panels (SPEC §3), with the §5 panel rules and the §9 panel limit kept by
-- the database. Rule violations are SQLSTATE 23514 naming their rule (see the workspaces migration).

CREATE TABLE public.dashboards (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  -- NULL while private. Set to 32 random bytes in base64url (SPEC §9) to share; setting a new
  -- one invalidates the old link. Only owners may change it (trigger below).
  share_token text,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT dashboards_pkey PRIMARY KEY (id),
  CONSTRAINT dashboards_share_token_key UNIQUE (share_token),
  CONSTRAINT dashboards_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT dashboards_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT dashboards_title_length CHECK (char_length(btrim(title, E' \t\r\n')) BETWEEN 1 AND 80),
  CONSTRAINT dashboards_description_length CHECK (char_length(description) <= 1000),
  CONSTRAINT dashboards_share_token_format CHECK (share_token ~ '^[A-Za-z0-9_-]{43}$')
);
COMMENT ON TABLE public.dashboards IS 'A grid of panels; shared read-only by a secret link while share_token is set.';
CREATE INDEX dashboards_workspace_id_idx ON public.dashboards (workspace_id);

CREATE TRIGGER set_public_dashboards_updated_at BEFORE UPDATE ON public.dashboards
  FOR EACH ROW EXECUTE FUNCTION public.set_current_timestamp_updated_at();

-- Sharing is for owners (SPEC §6), editing for editors, and Hasura has one update permission per
-- role and table: the `user` role may update share_token along with the title, and this trigger
-- narrows that column to owners. It reads the role and user of the Hasura session running the
-- mutation (`hasura.user`); without one (admin code speaking SQL, the share function) it allows.
CREATE FUNCTION public.dashboards_share_by_owners_only() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  session jsonb := public.hasura_session();
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.share_token IS NOT DISTINCT FROM OLD.share_token THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' AND NEW.share_token IS NULL THEN
    RETURN NEW;
  END IF;
  IF session IS NULL OR coalesce(session ->> 'x-hasura-role', 'admin') = 'admin' THEN
    RETURN NEW;
  END IF;
  IF NOT EXISTS (
    SELECT 1 FROM public.workspace_members
     WHERE workspace_id = NEW.workspace_id
       AND user_id = public.hasura_session_user_id()
       AND role = 'owner'
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'dashboards_share_by_owners_only',
      MESSAGE = 'violates check constraint "dashboards_share_by_owners_only": only an owner of the workspace shares a dashboard or revokes its link';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER dashboards_share_by_owners_only BEFORE INSERT OR UPDATE OF share_token ON public.dashboards
  FOR EACH ROW EXECUTE FUNCTION public.dashboards_share_by_owners_only();

CREATE TABLE public.panels (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  dashboard_id uuid NOT NULL,
  metric_id uuid NOT NULL,
  title text NOT NULL DEFAULT '',
  kind text NOT NULL DEFAULT 'line',
  aggregation text NOT NULL DEFAULT 'avg',
  bucket_seconds integer NOT NULL DEFAULT 60,
  position integer NOT NULL DEFAULT 0,
  width integer NOT NULL DEFAULT 2,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT panels_pkey PRIMARY KEY (id),
  CONSTRAINT panels_dashboard_id_fkey FOREIGN KEY (dashboard_id)
    REFERENCES public.dashboards (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT panels_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT panels_title_length CHECK (char_length(title) <= 80),
  CONSTRAINT panels_kind_valid CHECK (kind IN ('line', 'bar', 'stat', 'table')),
  CONSTRAINT panels_aggregation_valid CHECK (aggregation IN ('avg', 'sum', 'min', 'max', 'count', 'last')),
  CONSTRAINT panels_bucket_seconds_valid CHECK (bucket_seconds IN (10, 60, 300, 900, 3600, 86400)),
  CONSTRAINT panels_position_valid CHECK (position >= 0),
  CONSTRAINT panels_width_range CHECK (width BETWEEN 1 AND 4)
);
COMMENT ON TABLE public.panels IS 'A chart on a dashboard over one metric of the same workspace.';
CREATE INDEX panels_dashboard_id_position_idx ON public.panels (dashboard_id, position);
-- Serves the `share` role's filters (metric → panels → dashboard) and cascades from metrics.
CREATE INDEX panels_metric_id_idx ON public.panels (metric_id);

-- A panel shows a metric of its own dashboard's workspace. Without this, an editor who learnt
-- another workspace's metric id could put it on a dashboard and publish it through a share link
-- (the `share` role reads the series of every metric on the shared dashboard).
-- And §9: at most 24 panels per dashboard (locking and counting as for members).
CREATE FUNCTION public.panels_enforce_rules() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF (SELECT workspace_id FROM public.dashboards WHERE id = NEW.dashboard_id)
     IS DISTINCT FROM (SELECT workspace_id FROM public.metrics WHERE id = NEW.metric_id) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'panels_metric_same_workspace',
      MESSAGE = 'violates check constraint "panels_metric_same_workspace": a panel shows a metric of its dashboard''s workspace';
  END IF;
  IF TG_OP = 'INSERT' OR NEW.dashboard_id IS DISTINCT FROM OLD.dashboard_id THEN
    PERFORM pg_advisory_xact_lock(hashtext('public.panels'), hashtext(NEW.dashboard_id::text));
    IF (SELECT count(*) FROM public.panels WHERE dashboard_id = NEW.dashboard_id) >= 24 THEN
      RAISE EXCEPTION USING
        ERRCODE = 'check_violation',
        CONSTRAINT = 'panels_limit',
        MESSAGE = 'violates check constraint "panels_limit": a dashboard has at most 24 panels';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER panels_enforce_rules BEFORE INSERT OR UPDATE OF dashboard_id, metric_id ON public.panels
  FOR EACH ROW EXECUTE FUNCTION public.panels_enforce_rules();

-- Editing panels is editing the dashboard: its updated_at moves too ("recently updated" lists).
CREATE FUNCTION public.panels_touch_dashboard() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE public.dashboards SET updated_at = now() WHERE id = OLD.dashboard_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.dashboard_id IS DISTINCT FROM OLD.dashboard_id) THEN
    UPDATE public.dashboards SET updated_at = now() WHERE id = NEW.dashboard_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER panels_touch_dashboard AFTER INSERT OR UPDATE OR DELETE ON public.panels
  FOR EACH ROW EXECUTE FUNCTION public.panels_touch_dashboard();
