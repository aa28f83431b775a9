DROP FUNCTION public.evaluate_alert_rules();
DROP TABLE public.alert_messages;
DROP TABLE public.alerts;
DROP FUNCTION public.alerts_enforce_transitions();
DROP TABLE public.alert_rules;
DROP TABLE public.invitations;
DROP FUNCTION public.invitations_enforce_transitions();
