DROP TRIGGER IF EXISTS workspace_files_forget_deleted_file ON storage.files;
DROP FUNCTION IF EXISTS public.workspace_files_forget_deleted_file();
DROP TABLE IF EXISTS public.workspace_files;
DELETE FROM storage.buckets WHERE id IN ('avatars', 'attachments', 'imports');
