-- Two gaps of the delivery log (1795700000000_alert_notifications):
-- a delivery queued before its channel was turned off was still sent, and the log grew without end.

-- Turning a channel off gives up its pending deliveries, in the same statement: a sender that
-- claims afterwards finds none, and the log says why they were not sent.
CREATE FUNCTION public.notification_channels_drop_pending() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE public.alert_deliveries
  SET status = 'failed', finished_at = now(), locked_until = NULL,
      last_error = 'not sent: the channel was turned off'
  WHERE channel_id = NEW.id AND status = 'pending';
  RETURN NULL;
END;
$$;
CREATE TRIGGER notification_channels_drop_pending AFTER UPDATE OF enabled ON public.notification_channels
  FOR EACH ROW WHEN (OLD.enabled AND NOT NEW.enabled) EXECUTE FUNCTION public.notification_channels_drop_pending();

-- The hourly retention job (functions/retain-points.ts) deletes deliveries older than 90 days.
CREATE INDEX alert_deliveries_created_at_idx ON public.alert_deliveries (created_at);
