-- Nhost Storage's `storage` schema, as hasura-storage's migrations leave it after
-- 000001_create-initial-tables … 000005_add-viruses-table (services/storage/migrations/postgres in
-- nhost/nhost): buckets with the undeletable `default` bucket, files, the virus log, and the
-- updated_at triggers. Like Nhost since migration 000003, storage.files.uploaded_by_user_id has no
-- foreign key to auth.users.

CREATE SCHEMA IF NOT EXISTS storage;

CREATE OR REPLACE FUNCTION storage.set_current_timestamp_updated_at() RETURNS trigger
  LANGUAGE plpgsql AS $a$
DECLARE
  _new record;
BEGIN
  _new := new;
  _new."updated_at" = now();
  RETURN _new;
END;
$a$;

CREATE OR REPLACE FUNCTION storage.protect_default_bucket_delete() RETURNS trigger
  LANGUAGE plpgsql AS $a$
BEGIN
  IF OLD.ID = 'default' THEN
    RAISE EXCEPTION 'Can not delete default bucket';
  END IF;
  RETURN OLD;
END;
$a$;

CREATE OR REPLACE FUNCTION storage.protect_default_bucket_update() RETURNS trigger
  LANGUAGE plpgsql AS $a$
BEGIN
  IF OLD.ID = 'default' AND NEW.ID <> 'default' THEN
    RAISE EXCEPTION 'Can not rename default bucket';
  END IF;
  RETURN NEW;
END;
$a$;

CREATE TABLE IF NOT EXISTS storage.buckets (
  id text NOT NULL PRIMARY KEY,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  download_expiration int NOT NULL DEFAULT 30, -- seconds a presigned URL stays valid
  min_upload_file_size int NOT NULL DEFAULT 1,
  max_upload_file_size int NOT NULL DEFAULT 50000000,
  cache_control text DEFAULT 'max-age=3600',
  presigned_urls_enabled boolean NOT NULL DEFAULT TRUE,
  -- At most 7 days, the longest an S3 presigned URL may live.
  CONSTRAINT download_expiration_valid_range CHECK (download_expiration >= 1 AND download_expiration <= 604800)
);

CREATE TABLE IF NOT EXISTS storage.files (
  id uuid DEFAULT public.gen_random_uuid() NOT NULL PRIMARY KEY,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  bucket_id text NOT NULL DEFAULT 'default',
  name text,
  size int,
  mime_type text,
  etag text,
  is_uploaded boolean DEFAULT FALSE,
  uploaded_by_user_id uuid,
  metadata jsonb,
  CONSTRAINT fk_bucket FOREIGN KEY (bucket_id) REFERENCES storage.buckets (id) ON UPDATE CASCADE ON DELETE CASCADE
);

CREATE TABLE IF NOT EXISTS storage.virus (
  id uuid DEFAULT public.gen_random_uuid() NOT NULL PRIMARY KEY,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  file_id uuid NOT NULL REFERENCES storage.files (id),
  filename text NOT NULL,
  virus text NOT NULL,
  user_session jsonb NOT NULL
);

DROP TRIGGER IF EXISTS set_storage_buckets_updated_at ON storage.buckets;
CREATE TRIGGER set_storage_buckets_updated_at
  BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();

DROP TRIGGER IF EXISTS set_storage_files_updated_at ON storage.files;
CREATE TRIGGER set_storage_files_updated_at
  BEFORE UPDATE ON storage.files
  FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();

DROP TRIGGER IF EXISTS set_storage_virus_updated_at ON storage.virus;
CREATE TRIGGER set_storage_virus_updated_at
  BEFORE UPDATE ON storage.virus
  FOR EACH ROW EXECUTE FUNCTION storage.set_current_timestamp_updated_at();

DROP TRIGGER IF EXISTS check_default_bucket_delete ON storage.buckets;
CREATE TRIGGER check_default_bucket_delete
  BEFORE DELETE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.protect_default_bucket_delete();

DROP TRIGGER IF EXISTS check_default_bucket_update ON storage.buckets;
CREATE TRIGGER check_default_bucket_update
  BEFORE UPDATE ON storage.buckets
  FOR EACH ROW EXECUTE FUNCTION storage.protect_default_bucket_update();

INSERT INTO storage.buckets (id) VALUES ('default') ON CONFLICT (id) DO NOTHING;

-- hasura-storage records its own migrations here with golang-migrate; marking all five as done
-- lets a real hasura-storage pointed at this database start without re-running them.
CREATE TABLE IF NOT EXISTS storage.schema_migrations (
  version bigint NOT NULL PRIMARY KEY,
  dirty boolean NOT NULL
);
INSERT INTO storage.schema_migrations (version, dirty) VALUES (5, false) ON CONFLICT (version) DO NOTHING;
