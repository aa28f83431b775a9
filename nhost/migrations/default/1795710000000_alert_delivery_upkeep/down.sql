DROP INDEX IF EXISTS public.alert_deliveries_created_at_idx;
DROP TRIGGER IF EXISTS notification_channels_drop_pending ON public.notification_channels;
DROP FUNCTION IF EXISTS public.notification_channels_drop_pending();
