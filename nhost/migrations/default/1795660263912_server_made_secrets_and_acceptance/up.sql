-- Share tokens are made by the database, never chosen by a client, and accepting an invitation
-- creates the membership in the statement that accepts it.

-- 32 random bytes in base64url (SPEC §9), from the random bits of two version-4 UUIDs
-- (gen_random_uuid is in core PostgreSQL; pgcrypto is not everywhere this schema runs).
CREATE FUNCTION public.random_share_token() RETURNS text
  LANGUAGE sql VOLATILE
AS $$
  SELECT rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
$$;

-- A user's session that sets a share token asks for a new link: whatever value it sent, the
-- token stored (and returned) is a fresh random one, so that nobody can pick a link that is easy
-- to guess or that another dashboard once had. Null still stops sharing. The admin (the server's
-- own code, SQL without a session) writes the value it gives. Runs after
-- dashboards_share_by_owners_only (triggers fire in name order), which keeps sharing to owners.
CREATE FUNCTION public.dashboards_share_token_by_server() RETURNS trigger
  LANGUAGE plpgsql
AS $$
DECLARE
  session jsonb := public.hasura_session();
BEGIN
  IF NEW.share_token IS NULL OR session IS NULL OR coalesce(session ->> 'x-hasura-role', 'admin') = 'admin' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.share_token IS NOT DISTINCT FROM OLD.share_token THEN
    RETURN NEW;
  END IF;
  NEW.share_token := public.random_share_token();
  RETURN NEW;
END;
$$;
CREATE TRIGGER dashboards_share_token_by_server BEFORE INSERT OR UPDATE OF share_token ON public.dashboards
  FOR EACH ROW EXECUTE FUNCTION public.dashboards_share_token_by_server();

-- The membership an invitation grants is created by the update that moves it from pending to
-- accepted, in that update's transaction: invitations/accept runs `... WHERE status = 'pending'`,
-- and when an owner's revoke commits first that update changes no row, so no member appears.
-- A user who is already a member keeps their role.
CREATE FUNCTION public.invitations_accepted_add_member() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.accepted_by IS NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', CONSTRAINT = 'invitations_accepted_by_someone',
      MESSAGE = 'violates check constraint "invitations_accepted_by_someone": an accepted invitation names the user who accepted it';
  END IF;
  INSERT INTO public.workspace_members (workspace_id, user_id, role)
  VALUES (NEW.workspace_id, NEW.accepted_by, NEW.role)
  ON CONFLICT ON CONSTRAINT workspace_members_pkey DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER invitations_accepted_add_member AFTER UPDATE OF status ON public.invitations
  FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status = 'accepted')
  EXECUTE FUNCTION public.invitations_accepted_add_member();
