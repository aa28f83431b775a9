-- Data in and files (issue 13): ingest keys with their rate limit, CSV imports, annotations and
-- the 400-day point retention (SPEC §3, §4, §5, §9). Rule violations are SQLSTATE 23514 naming
-- their rule, as in the workspaces migration, so the UI maps them through the error catalogue.

-- An ingest key is shown once by the ingest-keys function; only its SHA-256 and a short prefix
-- (to recognise it in the list) are kept. Revoking is final.
CREATE TABLE public.ingest_keys (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  workspace_id uuid NOT NULL,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT ingest_keys_pkey PRIMARY KEY (id),
  CONSTRAINT ingest_keys_key_hash_key UNIQUE (key_hash),
  CONSTRAINT ingest_keys_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT ingest_keys_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT ingest_keys_name_length CHECK (char_length(btrim(name, E' \t\r\n')) BETWEEN 1 AND 80),
  CONSTRAINT ingest_keys_key_hash_format CHECK (key_hash ~ '^[0-9a-f]{64}$')
);
COMMENT ON TABLE public.ingest_keys IS 'Workspace keys for the ingest function; the key itself is never stored.';
CREATE INDEX ingest_keys_workspace_id_idx ON public.ingest_keys (workspace_id);

-- active → revoked, and nothing else changes afterwards (SPEC §4).
CREATE FUNCTION public.ingest_keys_revoke_is_final() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS DISTINCT FROM OLD.revoked_at THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'ingest_keys_revoked_final',
      MESSAGE = 'violates check constraint "ingest_keys_revoked_final": a revoked ingest key stays revoked';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER ingest_keys_revoke_is_final BEFORE UPDATE ON public.ingest_keys
  FOR EACH ROW EXECUTE FUNCTION public.ingest_keys_revoke_is_final();

-- The rate limit of each key (§9: 50 requests per second, bursts of 100) as a token bucket in
-- Postgres, so that it holds across every function worker and backend instance.
CREATE TABLE public.ingest_rate_buckets (
  key_id uuid NOT NULL,
  tokens double precision NOT NULL,
  refilled_at timestamptz NOT NULL,
  CONSTRAINT ingest_rate_buckets_pkey PRIMARY KEY (key_id),
  CONSTRAINT ingest_rate_buckets_key_id_fkey FOREIGN KEY (key_id)
    REFERENCES public.ingest_keys (id) ON DELETE CASCADE
);

-- The row type of ingest_authorize (never holds rows).
CREATE TABLE public.ingest_grants (
  key_id uuid NOT NULL,
  workspace_id uuid NOT NULL,
  retry_after_seconds integer NOT NULL,
  CONSTRAINT ingest_grants_pkey PRIMARY KEY (key_id)
);

-- One call per ingest request: finds the active key of that hash, takes a token from its bucket
-- (the row lock of the upsert serialises concurrent requests of one key) and notes the use.
-- No row: no such active key (401). retry_after_seconds > 0: rate limited (429).
CREATE FUNCTION public.ingest_authorize(hash text) RETURNS SETOF public.ingest_grants
  LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  found_key public.ingest_keys%ROWTYPE;
  left_tokens double precision;
BEGIN
  SELECT * INTO found_key FROM public.ingest_keys WHERE key_hash = hash AND revoked_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO public.ingest_rate_buckets AS b (key_id, tokens, refilled_at)
  VALUES (found_key.id, 99, clock_timestamp())
  ON CONFLICT (key_id) DO UPDATE SET
    tokens = least(100, b.tokens + 50 * extract(epoch FROM clock_timestamp() - b.refilled_at)) - 1,
    refilled_at = clock_timestamp()
  RETURNING tokens INTO left_tokens;
  IF left_tokens < 0 THEN
    -- Refused: give the token back, the caller waits for one to refill.
    UPDATE public.ingest_rate_buckets SET tokens = left_tokens + 1 WHERE key_id = found_key.id;
    RETURN QUERY SELECT found_key.id, found_key.workspace_id, greatest(1, ceil(-left_tokens / 50.0)::integer);
    RETURN;
  END IF;
  UPDATE public.ingest_keys SET last_used_at = clock_timestamp()
   WHERE id = found_key.id AND (last_used_at IS NULL OR last_used_at < clock_timestamp() - interval '1 second');
  RETURN QUERY SELECT found_key.id, found_key.workspace_id, 0;
END;
$$;

-- CSV imports (SPEC §4): queued → processing → succeeded | failed; failed → queued (retry).
-- A processing import whose worker stopped (heartbeat_at older than 30 s) may be queued again
-- too: points are written with ON CONFLICT DO NOTHING, so a re-run stores no point twice.
CREATE TABLE public.imports (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  metric_id uuid NOT NULL,
  file_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  rows_total integer NOT NULL DEFAULT 0,
  rows_imported integer NOT NULL DEFAULT 0,
  rows_rejected integer NOT NULL DEFAULT 0,
  -- How far into the file processing got: the UI's progress bar is bytes_read of the file's size.
  bytes_read bigint NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT imports_pkey PRIMARY KEY (id),
  CONSTRAINT imports_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT imports_file_id_fkey FOREIGN KEY (file_id)
    REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT imports_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT imports_status_valid CHECK (status IN ('queued', 'processing', 'succeeded', 'failed'))
);
COMMENT ON TABLE public.imports IS 'A CSV file backfilling a metric, and how far its processing got.';
CREATE INDEX imports_metric_id_idx ON public.imports (metric_id, created_at DESC);

CREATE FUNCTION public.imports_enforce_transition() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'queued' AND NEW.status IN ('processing', 'failed'))
    OR (OLD.status = 'processing' AND NEW.status IN ('succeeded', 'failed'))
    OR (OLD.status = 'failed' AND NEW.status = 'queued')
    OR (OLD.status = 'processing' AND NEW.status = 'queued'
        AND coalesce(OLD.heartbeat_at, OLD.created_at) < clock_timestamp() - interval '30 seconds')
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'imports_status_transition',
      MESSAGE = format('violates check constraint "imports_status_transition": an import cannot go from %s to %s', OLD.status, NEW.status);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER imports_enforce_transition BEFORE UPDATE ON public.imports
  FOR EACH ROW EXECUTE FUNCTION public.imports_enforce_transition();

-- Annotations mark a moment of a metric, with an optional attachment (bucket `attachments`).
CREATE TABLE public.annotations (
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  metric_id uuid NOT NULL,
  ts timestamptz NOT NULL,
  text text NOT NULL,
  file_id uuid,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT annotations_pkey PRIMARY KEY (id),
  CONSTRAINT annotations_metric_id_fkey FOREIGN KEY (metric_id)
    REFERENCES public.metrics (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT annotations_file_id_fkey FOREIGN KEY (file_id)
    REFERENCES storage.files (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT annotations_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL,
  CONSTRAINT annotations_text_length CHECK (char_length(btrim(text, E' \t\r\n')) BETWEEN 1 AND 500)
);
COMMENT ON TABLE public.annotations IS 'A note on a moment of a metric, optionally with an image or PDF.';
CREATE INDEX annotations_metric_id_ts_idx ON public.annotations (metric_id, ts);

-- An annotation's file must be an attachment of the annotation's own workspace.
CREATE FUNCTION public.annotations_file_same_workspace() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.file_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM public.workspace_files wf
      JOIN public.metrics m ON m.workspace_id = wf.workspace_id
      JOIN storage.files f ON f.id = wf.file_id
     WHERE wf.file_id = NEW.file_id AND m.id = NEW.metric_id AND f.bucket_id = 'attachments'
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'annotations_file_same_workspace',
      MESSAGE = 'violates check constraint "annotations_file_same_workspace": attach a file uploaded to this workspace';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER annotations_file_same_workspace BEFORE INSERT OR UPDATE OF file_id, metric_id ON public.annotations
  FOR EACH ROW EXECUTE FUNCTION public.annotations_file_same_workspace();

-- The same rule for an import's file, in bucket `imports`.
CREATE FUNCTION public.imports_file_same_workspace() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.workspace_files wf
      JOIN public.metrics m ON m.workspace_id = wf.workspace_id
      JOIN storage.files f ON f.id = wf.file_id
     WHERE wf.file_id = NEW.file_id AND m.id = NEW.metric_id AND f.bucket_id = 'imports'
  ) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'check_violation',
      CONSTRAINT = 'imports_file_same_workspace',
      MESSAGE = 'violates check constraint "imports_file_same_workspace": import a CSV uploaded to this workspace';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER imports_file_same_workspace BEFORE INSERT OR UPDATE OF file_id, metric_id ON public.imports
  FOR EACH ROW EXECUTE FUNCTION public.imports_file_same_workspace();

-- The metrics page's sparklines: every metric of a workspace averaged per bucket since a time,
-- in one query, so that the page needs one subscription and not one per metric. Rows are
-- metric_series' row type, whose select permissions (members only) apply.
CREATE FUNCTION public.workspace_sparklines(workspace_id uuid, since timestamptz, bucket_seconds integer)
  RETURNS SETOF public.metric_series_buckets
  LANGUAGE sql STABLE
AS $$
  SELECT p.metric_id,
         to_timestamp(floor(extract(epoch FROM p.ts) / bucket_seconds) * bucket_seconds) AS bucket,
         avg(p.value) AS value,
         count(*)::integer AS samples
    FROM public.points AS p
    JOIN public.metrics AS m ON m.id = p.metric_id
   WHERE m.workspace_id = workspace_sparklines.workspace_id
     AND p.ts >= since
     AND bucket_seconds BETWEEN 10 AND 86400
   GROUP BY 1, 2
   ORDER BY 1, 2
$$;
