-- Alerts that reach people (issue 24 item 5): notification channels per workspace, a delivery log
-- filled by evaluate_alert_rules() in the statement that fires or resolves an alert, silences with
-- an end time, and a `no_data` state for a rule whose window has no points. Rules a client can
-- break fail with SQLSTATE 23514 naming the rule as `check constraint "<name>"`.

-- A silenced rule is evaluated as usual but queues no notification until silenced_until.
ALTER TABLE public.alert_rules ADD COLUMN silenced_until timestamptz;
-- `no_data`: the window has no points. It neither opens nor resolves an alert.
ALTER TABLE public.alert_rules DROP CONSTRAINT alert_rules_state_value;
ALTER TABLE public.alert_rules ADD CONSTRAINT alert_rules_state_value CHECK (state IN ('ok', 'pending', 'firing', 'no_data'));

-- Where a workspace's alerts are told: an email channel mails 1–10 comma-separated addresses
-- through the project's mail API; a webhook channel POSTs a Slack-compatible JSON body to an
-- http(s) URL.
CREATE TABLE public.notification_channels (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  recipients text,
  url text,
  enabled boolean NOT NULL DEFAULT true,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT notification_channels_pkey PRIMARY KEY (id),
  CONSTRAINT notification_channels_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT notification_channels_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT notification_channels_name_length CHECK (char_length(btrim(name, E' \t\r\n')) BETWEEN 1 AND 80),
  CONSTRAINT notification_channels_kind_value CHECK (kind IN ('email', 'webhook')),
  CONSTRAINT notification_channels_target CHECK (
    (kind = 'email' AND url IS NULL AND recipients IS NOT NULL)
    OR (kind = 'webhook' AND recipients IS NULL AND url IS NOT NULL)),
  -- At most 10 addresses, each as the invitations' format, separated by commas.
  CONSTRAINT notification_channels_recipients_format CHECK (
    char_length(recipients) <= 1000
    AND recipients ~ '^[^@[:space:],]+@[^@[:space:],]+\.[^@[:space:],]+( *, *[^@[:space:],]+@[^@[:space:],]+\.[^@[:space:],]+){0,9}$'),
  CONSTRAINT notification_channels_url_format CHECK (char_length(url) <= 2000 AND url ~* '^https?://[^/?#[:space:]]+[^[:space:]]*$')
);
COMMENT ON TABLE public.notification_channels IS 'Where a workspace''s alerts are told when they fire and resolve: email addresses or a webhook URL.';
CREATE INDEX notification_channels_workspace_id_idx ON public.notification_channels (workspace_id);

-- At most 20 channels per workspace; the workspace row's lock makes two concurrent inserts count
-- one after the other.
CREATE FUNCTION public.notification_channels_limit() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM 1 FROM public.workspaces WHERE id = NEW.workspace_id FOR UPDATE;
  IF (SELECT count(*) FROM public.notification_channels WHERE workspace_id = NEW.workspace_id) >= 20 THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'notification_channels_per_workspace',
      MESSAGE = 'violates check constraint "notification_channels_per_workspace": a workspace has at most 20 notification channels';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER notification_channels_limit BEFORE INSERT ON public.notification_channels
  FOR EACH ROW EXECUTE FUNCTION public.notification_channels_limit();

-- The delivery log: one row per enabled channel each time an alert fires or resolves. The
-- evaluate-alerts function sends them (claim_alert_deliveries, finish_alert_delivery), up to 5
-- attempts with a doubling backoff.
CREATE TABLE public.alert_deliveries (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  channel_id uuid NOT NULL,
  alert_id uuid NOT NULL,
  event text NOT NULL,
  -- The metric's average over the rule's window when the event happened.
  value double precision,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender holds a claimed delivery until then; past it another sender may take it over.
  locked_until timestamptz,
  response_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CONSTRAINT alert_deliveries_pkey PRIMARY KEY (id),
  CONSTRAINT alert_deliveries_channel_id_fkey FOREIGN KEY (channel_id)
    REFERENCES public.notification_channels (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT alert_deliveries_alert_id_fkey FOREIGN KEY (alert_id)
    REFERENCES public.alerts (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT alert_deliveries_event_value CHECK (event IN ('firing', 'resolved')),
  CONSTRAINT alert_deliveries_status_value CHECK (status IN ('pending', 'delivered', 'failed'))
);
COMMENT ON TABLE public.alert_deliveries IS 'One notification of an alert''s firing or resolving to one channel, with its attempts.';
CREATE INDEX alert_deliveries_channel_id_idx ON public.alert_deliveries (channel_id, created_at DESC);
CREATE INDEX alert_deliveries_alert_id_idx ON public.alert_deliveries (alert_id);
CREATE INDEX alert_deliveries_due_idx ON public.alert_deliveries (next_attempt_at) WHERE status = 'pending';

-- The deliveries a sender may send now, claimed for two minutes: SKIP LOCKED and the claim let
-- two instances run at once without sending one delivery twice. Each claim counts an attempt.
CREATE FUNCTION public.claim_alert_deliveries() RETURNS SETOF public.alert_deliveries
  LANGUAGE sql VOLATILE
AS $$
  UPDATE public.alert_deliveries d
  SET attempts = d.attempts + 1, locked_until = now() + interval '2 minutes'
  WHERE d.id IN (
    SELECT id FROM public.alert_deliveries
    WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
    ORDER BY next_attempt_at LIMIT 50
    FOR UPDATE SKIP LOCKED)
  RETURNING d.*
$$;
COMMENT ON FUNCTION public.claim_alert_deliveries() IS 'Claims up to 50 due alert deliveries for one sender (admin).';

-- Records one attempt: delivered, or failed and due again after 10 s, 20 s, 40 s, 80 s, failed
-- for good after the fifth. `code` (the HTTP status, if any) and `error` may be left out.
CREATE FUNCTION public.finish_alert_delivery(delivery_id uuid, succeeded boolean, code integer DEFAULT NULL, error text DEFAULT NULL)
  RETURNS SETOF public.alert_deliveries
  LANGUAGE sql VOLATILE
AS $$
  UPDATE public.alert_deliveries d
  SET response_code = code,
      last_error = CASE WHEN succeeded THEN NULL ELSE left(error, 500) END,
      locked_until = NULL,
      status = CASE WHEN succeeded THEN 'delivered' WHEN d.attempts >= 5 THEN 'failed' ELSE 'pending' END,
      finished_at = CASE WHEN succeeded OR d.attempts >= 5 THEN now() END,
      next_attempt_at = CASE WHEN succeeded OR d.attempts >= 5 THEN d.next_attempt_at
                             ELSE now() + make_interval(secs => 10 * 2 ^ (d.attempts - 1)) END
  WHERE d.id = delivery_id AND d.status = 'pending'
  RETURNING d.*
$$;
COMMENT ON FUNCTION public.finish_alert_delivery(uuid, boolean, integer, text) IS 'Records the outcome of one attempt of an alert delivery (admin).';

-- evaluate_alert_rules() as in 1795317561500_team, with the `no_data` state (an empty window keeps
-- the open alert and pending_since) and, in the same statement, one delivery per enabled channel
-- of the rule's workspace when an alert opens or resolves, unless the rule is silenced.
CREATE OR REPLACE FUNCTION public.evaluate_alert_rules() RETURNS SETOF public.alert_rules
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
      CASE WHEN j.value IS NULL THEN 'no_data'
           WHEN NOT j.breached THEN 'ok'
           WHEN j.state = 'firing' OR coalesce(j.pending_since, now()) <= now() - make_interval(secs => j.for_seconds) THEN 'firing'
           ELSE 'pending' END AS new_state,
      CASE WHEN j.value IS NULL THEN j.pending_since WHEN j.breached THEN coalesce(j.pending_since, now()) END AS new_pending_since,
      CASE WHEN j.value IS NULL THEN j.last_value ELSE j.value END AS new_value
    FROM judged j
  ), changed AS (
    UPDATE public.alert_rules r SET state = n.new_state, pending_since = n.new_pending_since, last_value = n.new_value
    FROM next n JOIN due d ON d.id = n.id
    WHERE r.id = n.id AND (d.state, d.pending_since, d.last_value) IS DISTINCT FROM (n.new_state, n.new_pending_since, n.new_value)
    RETURNING r.id, r.metric_id, r.name, r.comparator, r.threshold, r.window_seconds, r.for_seconds, r.enabled, r.state,
              r.pending_since, r.last_value, r.created_by, r.created_at, r.silenced_until, n.old_state
  ), opened AS (
    INSERT INTO public.alerts (rule_id, value)
    SELECT c.id, c.last_value FROM changed c WHERE c.state = 'firing' AND c.old_state <> 'firing'
    ON CONFLICT (rule_id) WHERE state <> 'resolved' DO NOTHING
    RETURNING id, rule_id
  ), resolved AS (
    UPDATE public.alerts a SET state = 'resolved'
    FROM changed c WHERE a.rule_id = c.id AND c.state = 'ok' AND a.state <> 'resolved'
    RETURNING a.id, a.rule_id
  ), events AS (
    SELECT id AS alert_id, rule_id, 'firing' AS event FROM opened
    UNION ALL SELECT id, rule_id, 'resolved' FROM resolved
  ), queued AS (
    INSERT INTO public.alert_deliveries (channel_id, alert_id, event, value)
    SELECT ch.id, e.alert_id, e.event, c.last_value
    FROM events e
      JOIN changed c ON c.id = e.rule_id
      JOIN public.metrics m ON m.id = c.metric_id
      JOIN public.notification_channels ch ON ch.workspace_id = m.workspace_id AND ch.enabled
    WHERE c.silenced_until IS NULL OR c.silenced_until <= now()
    RETURNING id
  )
  SELECT c.id, c.metric_id, c.name, c.comparator, c.threshold, c.window_seconds, c.for_seconds, c.enabled, c.state,
         c.pending_since, c.last_value, c.created_by, c.created_at, c.silenced_until
  FROM changed c
  -- `queued` is not read: PostgreSQL runs every data-modifying CTE to completion.
$$;
