DROP FUNCTION IF EXISTS public.finish_alert_delivery(uuid, boolean, integer, text);
DROP FUNCTION IF EXISTS public.claim_alert_deliveries();
DROP TABLE IF EXISTS public.alert_deliveries;
DROP TRIGGER IF EXISTS notification_channels_limit ON public.notification_channels;
DROP FUNCTION IF EXISTS public.notification_channels_limit();
DROP TABLE IF EXISTS public.notification_channels;
UPDATE public.alert_rules SET state = 'ok' WHERE state = 'no_data';
ALTER TABLE public.alert_rules DROP CONSTRAINT alert_rules_state_value;
ALTER TABLE public.alert_rules ADD CONSTRAINT alert_rules_state_value CHECK (state IN ('ok', 'pending', 'firing'));
ALTER TABLE public.alert_rules DROP COLUMN silenced_until;
-- evaluate_alert_rules() as 1795317561500_team made it.
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
