-- Members and invitations, alert rules with their alerts and threads, and share links that die
-- when regenerated (issue 12). Rules a client can break fail with SQLSTATE 23514 naming the rule
-- as `check constraint "<name>"`, as in 1795317561430_workspaces, for the UI's error catalogue.

-- Invitations (SPEC §3, §4): pending → accepted | revoked | expired. Only the function
-- invitations/accept (admin) accepts, and it is the only way to become a member.
CREATE TABLE public.invitations (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  email text NOT NULL,
  role text NOT NULL DEFAULT 'viewer',
  -- 244 random bits (two v4 UUIDs), the secret of the /invite/:token link.
  token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
  status text NOT NULL DEFAULT 'pending',
  invited_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '7 days',
  accepted_by uuid,
  CONSTRAINT invitations_pkey PRIMARY KEY (id),
  CONSTRAINT invitations_token_key UNIQUE (token),
  CONSTRAINT invitations_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT invitations_role_fkey FOREIGN KEY (role)
    REFERENCES public.workspace_roles (value) ON UPDATE CASCADE ON DELETE RESTRICT,
  CONSTRAINT invitations_invited_by_fkey FOREIGN KEY (invited_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT invitations_accepted_by_fkey FOREIGN KEY (accepted_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT invitations_email_format CHECK (char_length(email) <= 254 AND email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
  CONSTRAINT invitations_status_value CHECK (status IN ('pending', 'accepted', 'revoked', 'expired'))
);
COMMENT ON TABLE public.invitations IS 'An invitation by email and role into a workspace; accepted through the invitations/accept function.';
CREATE INDEX invitations_workspace_id_idx ON public.invitations (workspace_id);
-- One pending invitation per address and workspace: inviting twice is a mistake, not a second link.
CREATE UNIQUE INDEX invitations_one_pending_per_email ON public.invitations (workspace_id, lower(email)) WHERE status = 'pending';

-- Only a pending invitation changes (SPEC §4), and a user's session may only revoke it.
CREATE FUNCTION public.invitations_enforce_transitions() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_pending_only',
      MESSAGE = 'violates check constraint "invitations_pending_only": only a pending invitation can change';
  END IF;
  IF public.hasura_session_user_id() IS NOT NULL AND NEW.status <> 'revoked' THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_revoke_only',
      MESSAGE = 'violates check constraint "invitations_revoke_only": an owner revokes an invitation; the invitee accepts it through its link';
  END IF;
  NEW.email := OLD.email; NEW.token := OLD.token; NEW.workspace_id := OLD.workspace_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER invitations_enforce_transitions BEFORE UPDATE ON public.invitations
  FOR EACH ROW EXECUTE FUNCTION public.invitations_enforce_transitions();

-- Alert rules (SPEC §3, §4, §5): state ok → pending → firing → ok, kept by evaluate_alert_rules().
CREATE TABLE public.alert_rules (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  metric_id uuid NOT NULL,
  name text NOT NULL,
  comparator text NOT NULL,
  threshold double precision NOT NULL,
  window_seconds integer NOT NULL DEFAULT 300,
  for_seconds integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  state text NOT NULL DEFAULT 'ok',
  -- Since when the condition has held (pending or firing); NULL while ok.
  pending_since timestamptz,
  -- The metric's average over the window at the last evaluation that changed something.
  last_value double precision,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT alert_rules_pkey PRIMARY KEY (id),
  CONSTRAINT alert_rules_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT alert_rules_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT alert_rules_name_length CHECK (char_length(btrim(name, E' \t\r\n')) BETWEEN 1 AND 80),
  CONSTRAINT alert_rules_comparator_value CHECK (comparator IN ('gt', 'gte', 'lt', 'lte')),
  CONSTRAINT alert_rules_threshold_finite CHECK (threshold NOT IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8)),
  CONSTRAINT alert_rules_window_seconds_range CHECK (window_seconds BETWEEN 10 AND 86400),
  CONSTRAINT alert_rules_for_seconds_range CHECK (for_seconds BETWEEN 0 AND 86400),
  CONSTRAINT alert_rules_state_value CHECK (state IN ('ok', 'pending', 'firing'))
);
CREATE INDEX alert_rules_metric_id_idx ON public.alert_rules (metric_id);

-- Alerts (SPEC §4): firing → acknowledged → resolved; firing → resolved.
CREATE TABLE public.alerts (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  rule_id uuid NOT NULL,
  state text NOT NULL DEFAULT 'firing',
  value double precision,
  opened_at timestamptz NOT NULL DEFAULT now(),
  acknowledged_at timestamptz,
  acknowledged_by uuid,
  resolved_at timestamptz,
  resolved_by uuid,
  CONSTRAINT alerts_pkey PRIMARY KEY (id),
  CONSTRAINT alerts_rule_id_fkey FOREIGN KEY (rule_id)
    REFERENCES public.alert_rules (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT alerts_acknowledged_by_fkey FOREIGN KEY (acknowledged_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT alerts_resolved_by_fkey FOREIGN KEY (resolved_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT alerts_state_value CHECK (state IN ('firing', 'acknowledged', 'resolved'))
);
-- At most one unresolved alert per rule (SPEC §4).
CREATE UNIQUE INDEX alerts_one_unresolved_per_rule ON public.alerts (rule_id) WHERE state <> 'resolved';
CREATE INDEX alerts_opened_at_idx ON public.alerts (opened_at DESC);

-- Users move alerts forward only, the server records who and when, and resolving is for editors
-- and owners (one update permission per role in Hasura, so the role check lives here).
CREATE FUNCTION public.alerts_enforce_transitions() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  actor uuid := public.hasura_session_user_id();
BEGIN
  IF NEW.state = OLD.state THEN
    RETURN NEW;
  END IF;
  IF OLD.state = 'resolved' OR (OLD.state = 'acknowledged' AND NEW.state = 'firing') THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'alerts_transition',
      MESSAGE = format('violates check constraint "alerts_transition": an alert cannot go from %s to %s', OLD.state, NEW.state);
  END IF;
  IF NEW.state = 'resolved' AND actor IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM public.alert_rules r JOIN public.metrics m ON m.id = r.metric_id
      JOIN public.workspace_members wm ON wm.workspace_id = m.workspace_id
    WHERE r.id = OLD.rule_id AND wm.user_id = actor AND wm.role IN ('owner', 'editor')) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'alerts_resolve_by_editors',
      MESSAGE = 'violates check constraint "alerts_resolve_by_editors": only editors and owners resolve an alert';
  END IF;
  IF NEW.state = 'acknowledged' THEN
    NEW.acknowledged_at := now(); NEW.acknowledged_by := actor;
  ELSE
    NEW.resolved_at := now(); NEW.resolved_by := actor;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER alerts_enforce_transitions BEFORE UPDATE ON public.alerts
  FOR EACH ROW EXECUTE FUNCTION public.alerts_enforce_transitions();

-- An alert's discussion thread; `id` increases, the cursor of the streaming subscription.
CREATE TABLE public.alert_messages (
  id bigint GENERATED ALWAYS AS IDENTITY,
  alert_id uuid NOT NULL,
  author_id uuid DEFAULT public.hasura_session_user_id(),
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT alert_messages_pkey PRIMARY KEY (id),
  CONSTRAINT alert_messages_alert_id_fkey FOREIGN KEY (alert_id)
    REFERENCES public.alerts (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT alert_messages_author_id_fkey FOREIGN KEY (author_id)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT alert_messages_body_length CHECK (char_length(btrim(body, E' \t\r\n')) BETWEEN 1 AND 2000)
);
CREATE INDEX alert_messages_alert_id_idx ON public.alert_messages (alert_id, id);

-- Evaluates every enabled rule in one statement (SPEC §4): the value is the metric's average over
-- the window; a rule whose condition holds goes pending, then firing once it has held for
-- for_seconds (opening an alert); a rule whose condition fails (or has no points in its window)
-- goes ok and resolves its open alert. Only rules that change are written and returned.
-- SKIP LOCKED lets two overlapping runs (two instances, a slow run) split the rules.
CREATE FUNCTION public.evaluate_alert_rules() RETURNS SETOF public.alert_rules
  LANGUAGE sql VOLATILE
AS $$
  WITH due AS (
    SELECT id, metric_id, comparator, threshold, window_seconds, for_seconds, state, pending_since, last_value
    FROM public.alert_rules WHERE enabled FOR UPDATE SKIP LOCKED
  ), measured AS (
    SELECT d.*, (SELECT avg(p.value) FROM public.points p
                 WHERE p.metric_id = d.metric_id AND p.ts > now() - make_interval(secs => d.window_seconds) AND p.ts <= now()) AS value
    FROM due d
  ), judged AS (
    SELECT m.*, coalesce(CASE m.comparator WHEN 'gt' THEN m.value > m.threshold WHEN 'gte' THEN m.value >= m.threshold
                                            WHEN 'lt' THEN m.value < m.threshold ELSE m.value <= m.threshold END, false) AS breached
    FROM measured m
  ), next AS (
    SELECT j.id, j.value, j.state AS old_state,
      CASE WHEN NOT j.breached THEN 'ok'
           WHEN j.state = 'firing' OR coalesce(j.pending_since, now()) <= now() - make_interval(secs => j.for_seconds) THEN 'firing'
           ELSE 'pending' END AS new_state,
      CASE WHEN j.breached THEN coalesce(j.pending_since, now()) END AS new_pending_since
    FROM judged j
  ), changed AS (
    UPDATE public.alert_rules r SET state = n.new_state, pending_since = n.new_pending_since, last_value = n.value
    FROM next n JOIN due d ON d.id = n.id
    WHERE r.id = n.id AND (d.state, d.pending_since, d.last_value) IS DISTINCT FROM (n.new_state, n.new_pending_since, n.value)
    RETURNING r.id, r.metric_id, r.name, r.comparator, r.threshold, r.window_seconds, r.for_seconds, r.enabled, r.state,
              r.pending_since, r.last_value, r.created_by, r.created_at, n.old_state
  ), opened AS (
    INSERT INTO public.alerts (rule_id, value)
    SELECT c.id, c.last_value FROM changed c WHERE c.state = 'firing' AND c.old_state <> 'firing'
    ON CONFLICT (rule_id) WHERE state <> 'resolved' DO NOTHING
    RETURNING rule_id
  ), resolved AS (
    UPDATE public.alerts a SET state = 'resolved'
    FROM changed c WHERE a.rule_id = c.id AND c.state = 'ok' AND a.state <> 'resolved'
    RETURNING a.rule_id
  )
  SELECT c.id, c.metric_id, c.name, c.comparator, c.threshold, c.window_seconds, c.for_seconds, c.enabled, c.state,
         c.pending_since, c.last_value, c.created_by, c.created_at
  FROM changed c
  -- `opened` and `resolved` are not read: PostgreSQL runs every data-modifying CTE to completion.
$$;
COMMENT ON FUNCTION public.evaluate_alert_rules() IS 'Evaluates every enabled alert rule once; called every 10 s by the evaluate-alerts function (admin).';
