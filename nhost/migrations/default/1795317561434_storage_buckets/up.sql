-- The product's Nhost Storage buckets (SPEC §1, §3, §5) and how a file belongs to a workspace.
--
-- Bucket limits are enforced by the storage service from these rows (hosted Nhost and the
-- embedded backend alike); which MIME types a bucket takes and who may read or delete a file are
-- Hasura permissions on storage.files (nhost/metadata/databases/default/tables/storage_files.yaml),
-- because Nhost Storage runs every upload, download and delete through Hasura as the caller.
INSERT INTO storage.buckets (id, min_upload_file_size, max_upload_file_size, cache_control, presigned_urls_enabled, download_expiration)
VALUES
  ('avatars', 1, 5000000, 'max-age=3600', true, 30),
  ('attachments', 1, 10000000, 'max-age=3600', true, 30),
  ('imports', 1, 20000000, 'no-cache', false, 30)
ON CONFLICT (id) DO UPDATE SET
  min_upload_file_size = EXCLUDED.min_upload_file_size,
  max_upload_file_size = EXCLUDED.max_upload_file_size,
  cache_control = EXCLUDED.cache_control,
  presigned_urls_enabled = EXCLUDED.presigned_urls_enabled,
  download_expiration = EXCLUDED.download_expiration;

-- Links a file id to the workspace it belongs to (attachments and imports). The client picks the
-- file's id, writes this row first, then uploads with `metadata[].id` = file_id: Hasura checks an
-- insert after the row exists, so storage.files' insert check can follow the manual relationship
-- `workspace_file` (storage.files.id → file_id) to "editor or owner of that workspace", and its
-- select and delete filters to "member" and "uploader or owner". Plain Hasura permissions, so the
-- same rules hold on hosted Nhost. No foreign key to storage.files: the link precedes the file.
CREATE TABLE public.workspace_files (
  file_id uuid NOT NULL,
  workspace_id uuid NOT NULL,
  created_by uuid DEFAULT public.hasura_session_user_id(),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workspace_files_pkey PRIMARY KEY (file_id),
  CONSTRAINT workspace_files_workspace_id_fkey FOREIGN KEY (workspace_id)
    REFERENCES public.workspaces (id) ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT workspace_files_created_by_fkey FOREIGN KEY (created_by)
    REFERENCES auth.users (id) ON UPDATE CASCADE ON DELETE SET NULL
);
COMMENT ON TABLE public.workspace_files IS 'Which workspace a stored file (attachment, import) belongs to; written before the upload.';
CREATE INDEX workspace_files_workspace_id_idx ON public.workspace_files (workspace_id);

-- A deleted file takes its link with it, so the id cannot be reused to reach another workspace.
CREATE FUNCTION public.workspace_files_forget_deleted_file() RETURNS trigger
  LANGUAGE plpgsql
AS $$
BEGIN
  DELETE FROM public.workspace_files WHERE file_id = OLD.id;
  RETURN OLD;
END;
$$;
CREATE TRIGGER workspace_files_forget_deleted_file
  AFTER DELETE ON storage.files
  FOR EACH ROW EXECUTE FUNCTION public.workspace_files_forget_deleted_file();
