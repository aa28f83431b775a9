-- Workspaces and their members (SPEC §3), with the §5 and §9 rules kept by the database.
--
-- Every rule a client can break fails with SQLSTATE 23514 (check_violation) and names its rule
-- as `check constraint "<name>"` in the message, whether a CHECK constraint or a trigger raises
-- it: Hasura answers 23514 with code `permission-error` and "Check constraint violation. <message>"
-- (mkTxErrorHandler in graphql-engine), so the UI can map `<name>` to its error catalogue. A plain
-- RAISE EXCEPTION (P0001) would reach the client as an opaque "database query error".

-- The Hasura session of the running mutation, which Hasura publishes to triggers and defaults as
-- the transaction-local setting `hasura.user`, set for every mutation
-- (https://hasura.io/docs/latest/guides/auditing-tables/).
-- NULL outside a Hasura mutation (migrations, psql, server code speaking SQL directly).
CREATE FUNCTION public.hasura_session() RETURNS jsonb
  LANGUAGE sql STABLE
AS $$
  SELECT nullif(current_setting('hasura.user', true), '')::jsonb
$$;

CREATE FUNCTION public.hasura_session_user_id() RETURNS uuid
  LANGUAGE sql STABLE
AS $$
  SELECT (public.hasura_session() ->> 'x-hasura-user-id')::uuid
$$;

-- The usual `updated_at` trigger of Hasura/Nhost projects.
CREATE FUNCTION public.set_current_timestamp_updated_at() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

-- Roles inside a workspace, as a Hasura enum table (is_enum: true): the GraphQL type
-- `workspace_roles_enum` types `workspace_members.role`.
CREATE TABLE public.workspace_roles (
  value text NOT NULL,
  comment text,
  CONSTRAINT workspace_roles_pkey PRIMARY KEY (value)
);
INSERT INTO public.workspace_roles (value, comment) VALUES
  ('owner', 'Manages members, invitations, ingest keys, sharing, and renames or deletes the workspace'),
  ('editor', 'Writes metrics, points, dashboards, panels, annotations and alert rules'),
  ('viewer', 'Reads everything in the workspace');

CREATE TABLE public.workspaces (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  -- Set by the insert permission's preset from X-Hasura-User-Id; the default covers any other
  -- Hasura mutation path that carries a user session.
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workspaces_pkey PRIMARY KEY (id),
  CONSTRAINT workspaces_slug_key UNIQUE (slug),
  CONSTRAINT workspaces_name_length CHECK (char_length(btrim(name, E' \t\r\n')) BETWEEN 1 AND 80),
  CONSTRAINT workspaces_slug_format CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'),
  CONSTRAINT workspaces_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL
);
COMMENT ON TABLE public.workspaces IS 'A team''s space: members, metrics, dashboards. Its creator becomes its first owner.';

CREATE TABLE public.workspace_members (
  workspace_id uuid NOT NULL,
  user_id uuid NOT NULL,
  role text NOT NULL DEFAULT 'viewer',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workspace_members_pkey PRIMARY KEY (workspace_id, user_id),
  CONSTRAINT workspace_members_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT workspace_members_user_id_fkey FOREIGN KEY (user_id)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT workspace_members_role_fkey FOREIGN KEY (role)
    REFERENCES public.workspace_roles (value) ON UPDATE CASCADE ON DELETE RESTRICT
);
COMMENT ON TABLE public.workspace_members IS 'Who belongs to a workspace and with which role; every permission is decided here.';
-- "Which workspaces am I in": the primary key serves lookups by workspace.
CREATE INDEX workspace_members_user_id_idx ON public.workspace_members (user_id);

-- The creator of a workspace becomes its owner, in the same statement, so that a workspace never
-- exists without one. An AFTER trigger: the member row needs the workspace row for its key.
CREATE FUNCTION public.workspaces_add_creator_as_owner() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.created_by IS NULL THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'workspaces_created_by_required',
      MESSAGE = 'violates check constraint "workspaces_created_by_required": a workspace is created by a user, who becomes its owner';
  END IF;
  INSERT INTO public.workspace_members (workspace_id, user_id, role) VALUES (NEW.id, NEW.created_by, 'owner');
  RETURN NULL;
END;
$$;
CREATE TRIGGER workspaces_add_creator_as_owner AFTER INSERT ON public.workspaces
  FOR EACH ROW EXECUTE FUNCTION public.workspaces_add_creator_as_owner();

-- §9 limits on members: at most 50 per workspace, and a user owns at most 20 workspaces.
-- Transaction-scoped advisory locks serialise concurrent inserts so that two of them cannot both
-- see room for one more. A BEFORE row trigger also sees the rows inserted earlier by the same
-- statement, so a multi-row insert is counted too.
CREATE FUNCTION public.workspace_members_enforce_limits() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.workspace_id IS DISTINCT FROM OLD.workspace_id THEN
    PERFORM pg_advisory_xact_lock(hashtext('public.workspace_members'), hashtext(NEW.workspace_id::text));
    IF (SELECT count(*) FROM public.workspace_members WHERE workspace_id = NEW.workspace_id) >= 50 THEN
      RAISE EXCEPTION USING
        ERRCODE = 'check_violation',
        CONSTRAINT = 'workspace_members_limit',
        MESSAGE = 'violates check constraint "workspace_members_limit": a workspace has at most 50 members';
    END IF;
  END IF;
  IF NEW.role = 'owner' AND (TG_OP = 'INSERT' OR OLD.role <> 'owner' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_advisory_xact_lock(hashtext('public.workspace_members:owner'), hashtext(NEW.user_id::text));
    IF (SELECT count(*) FROM public.workspace_members WHERE user_id = NEW.user_id AND role = 'owner') >= 20 THEN
      RAISE EXCEPTION USING
        ERRCODE = 'check_violation',
        CONSTRAINT = 'workspace_members_owner_limit',
        MESSAGE = 'violates check constraint "workspace_members_owner_limit": a user owns at most 20 workspaces';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER workspace_members_enforce_limits BEFORE INSERT OR UPDATE ON public.workspace_members
  FOR EACH ROW EXECUTE FUNCTION public.workspace_members_enforce_limits();

-- A workspace always keeps at least one owner (SPEC §6). Checked AFTER the row changes, so that a
-- statement demoting or removing several owners at once is judged on its result. Deleting the
-- workspace itself is allowed: its members then go by cascade, after the workspace row, which the
-- check no longer finds. The advisory lock makes two owners demoting each other concurrently
-- see each other's change (the second waits, then reads the first one's committed row).
-- Deleting a user who is the last owner of a workspace fails here too (members cascade from
-- auth.users): ownership must be handed over, or the workspace deleted, first.
CREATE FUNCTION public.workspace_members_keep_an_owner() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF OLD.role <> 'owner' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.role = 'owner' AND NEW.workspace_id = OLD.workspace_id THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('public.workspace_members'), hashtext(OLD.workspace_id::text));
  IF EXISTS (SELECT 1 FROM public.workspaces WHERE id = OLD.workspace_id)
     AND NOT EXISTS (SELECT 1 FROM public.workspace_members WHERE workspace_id = OLD.workspace_id AND role = 'owner') THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'workspace_members_last_owner',
      MESSAGE = 'violates check constraint "workspace_members_last_owner": a workspace keeps at least one owner';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER workspace_members_keep_an_owner AFTER UPDATE OR DELETE ON public.workspace_members
  FOR EACH ROW EXECUTE FUNCTION public.workspace_members_keep_an_owner();
