DROP TRIGGER IF EXISTS invitations_accepted_add_member ON public.invitations;
DROP FUNCTION IF EXISTS public.invitations_accepted_add_member();
DROP TRIGGER IF EXISTS dashboards_share_token_by_server ON public.dashboards;
DROP FUNCTION IF EXISTS public.dashboards_share_token_by_server();
DROP FUNCTION IF EXISTS public.random_share_token();
