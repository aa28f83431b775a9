import type { GraphQLSchema } from 'graphql'
import { EngineError } from '../engine/engine-error.ts'
import { engineOperation } from '../engine/execute/engine-operation.ts'
import type { InProcessEngine } from '../engine/execute/in-process-engine.ts'
import type { Session } from '../session/session.ts'
import { bucketNotFound, fileNotFound, notAuthorized, StorageError } from './storage-error.ts'

/** A storage.files row as Nhost Storage returns it (`FileMetadata` in nhost-js). */
export interface FileMetadata {
  id: string
  name: string
  size: number
  bucketId: string
  etag: string
  createdAt: string
  updatedAt: string
  isUploaded: boolean
  mimeType: string
  uploadedByUserId?: string
  metadata?: Record<string, unknown>
}

export interface BucketSettings {
  id: string
  minUploadFileSize: number
  maxUploadFileSize: number
  cacheControl: string | null
  presignedUrlsEnabled: boolean
  downloadExpiration: number
}

const FILE_FIELDS = 'id name size bucketId etag createdAt updatedAt isUploaded mimeType uploadedByUserId metadata'
const BUCKET_FIELDS = 'id minUploadFileSize maxUploadFileSize cacheControl presignedUrlsEnabled downloadExpiration'

/** What the service learnt from a file's bytes, written as admin once they are stored. */
export interface FileCompletion {
  etag: string
  size: number
  mimeType: string
  isUploaded: true
}

type FileRow = FileMetadata & { bucket: BucketSettings }
type Listed = { id: string; name: string; bucketId: string; isUploaded: boolean }

// The operations storage runs, parsed once here and validated and planned once per role by the engine.
const BUCKET = engineOperation<{ bucket: BucketSettings | null }, { id: string }>(
  `query ($id: String!) { bucket(id: $id) { ${BUCKET_FIELDS} } }`,
)
const FILE_ID = engineOperation<{ file: { id: string } | null }, { id: string }>('query ($id: uuid!) { file(id: $id) { id } }')
const FILE = engineOperation<{ file: FileRow | null }, { id: string }>(
  `query ($id: uuid!) { file(id: $id) { ${FILE_FIELDS} bucket { ${BUCKET_FIELDS} } } }`,
)
const FILES = engineOperation<{ files: Listed[] }, { w: Record<string, unknown> }>(
  'query ($w: files_bool_exp!) { files(where: $w) { id name bucketId isUploaded } }',
)
const INSERT_FILE = engineOperation<{ insertFile: { __typename: string } | null }, { o: Record<string, unknown> }>(
  'mutation ($o: files_insert_input!) { insertFile(object: $o) { __typename } }',
)
const UPDATE_FILE = engineOperation<{ updateFile: { __typename: string } | null }, { id: string; s: Record<string, unknown> }>(
  'mutation ($id: uuid!, $s: files_set_input!) { updateFile(pk_columns: {id: $id}, _set: $s) { __typename } }',
)
const SET_FILE = engineOperation<{ updateFile: FileMetadata | null }, { id: string; s: Record<string, unknown> }>(
  `mutation ($id: uuid!, $s: files_set_input!) { updateFile(pk_columns: {id: $id}, _set: $s) { ${FILE_FIELDS} } }`,
)
const DELETE_FILE = engineOperation<{ deleteFile: { id: string } | null }, { id: string }>(
  'mutation ($id: uuid!) { deleteFile(id: $id) { id } }',
)

/** The session hasura-storage uses for its own bookkeeping: the admin secret. */
const ADMIN: Session = { role: 'admin', isAdmin: true, adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } }

/**
 * storage.files and storage.buckets through the GraphQL engine, as hasura-storage reads and
 * writes them through Hasura (`metadata/hasura.go`): what the caller may do is decided by the
 * caller's permissions on storage.files, the row is completed with the admin secret.
 */
export class StorageMetadata {
  constructor(private readonly engine: InProcessEngine) {}

  async bucket(id: string): Promise<BucketSettings> {
    const { bucket } = await this.admin(() => this.engine.run(BUCKET, { id }, ADMIN))
    if (!bucket) throw bucketNotFound()
    return bucket
  }

  /**
   * Whether the caller's role has `rootField` at all (an insert or update permission on
   * storage.files), read from the role's schema without touching the database, so an upload
   * can be refused before its body is read. The row itself is still checked as the caller.
   */
  async roleMay(session: Session, rootField: 'insertFile' | 'updateFile'): Promise<boolean> {
    // The admin secret may also ask for backend-only permissions, which the plain schema lacks.
    if (session.adminSecretUsed) return true
    const schema = await this.engine.schemaFor(session.role)
    return schema.getMutationType()?.getFields()[rootField] !== undefined
  }

  private async roleMaySelect(session: Session): Promise<boolean> {
    const schema = await this.engine.schemaFor(session.role)
    return schema.getQueryType()?.getFields().file !== undefined
  }

  /**
   * A new file's row, inserted as the caller (the insert check and presets of the caller's role
   * apply) and completed as admin with what the service learnt from the bytes, in one transaction
   * and one database round trip where hasura-storage takes two operations. A refusal of either
   * changes nothing and is answered as the caller's (403).
   */
  async insertUploadedAsCaller(session: Session, object: Record<string, unknown>, completion: FileCompletion): Promise<FileMetadata> {
    const id = object.id as string
    const { updateFile } = await this.asCaller(session, () =>
      this.engine.runTogether([
        { operation: INSERT_FILE, variables: { o: object }, session },
        { operation: SET_FILE, variables: { id, s: { ...completion } }, session: ADMIN },
      ]),
    )
    if (!updateFile) throw fileNotFound()
    return updateFile
  }

  /**
   * The row if the caller may select it: 404 when the caller's filter hides it (or it does not
   * exist), 403 when the role may not select storage.files at all. Read back as admin, so a role
   * needs no more than `id` to download.
   */
  async fileVisibleTo(session: Session, id: string): Promise<FileRow> {
    // Without a select permission the role has no `file` field, maybe not even a `uuid` type: the
    // query would fail validation, which hasura-storage answers with a plain 403. Not an error.
    if (!session.isAdmin && !(await this.roleMaySelect(session))) throw notAuthorized()
    const { file } = await this.asCaller(session, () => this.engine.run(FILE_ID, { id }, session))
    if (!file) throw fileNotFound()
    return this.fileAsAdmin(id)
  }

  async fileAsAdmin(id: string): Promise<FileRow> {
    const { file } = await this.admin(() => this.engine.run(FILE, { id }, ADMIN))
    if (!file) throw fileNotFound()
    return file
  }

  /** Replace: the caller's update permission (filter and check) decides; 403 when it refuses. */
  async updateAsCaller(session: Session, id: string, set: Record<string, unknown>): Promise<void> {
    const { updateFile } = await this.asCaller(session, () => this.engine.run(UPDATE_FILE, { id, s: set }, session))
    if (!updateFile) throw notAuthorized()
  }

  /**
   * Columns only the service writes: what it learnt from the bytes and `isUploaded`
   * (hasura-storage's PopulateMetadata and SetIsUploaded).
   */
  async updateAsAdmin(id: string, set: { isUploaded: false } | FileCompletion): Promise<FileMetadata> {
    const { updateFile } = await this.admin(() => this.engine.run(SET_FILE, { id, s: { ...set } }, ADMIN))
    if (!updateFile) throw fileNotFound()
    return updateFile
  }

  async deleteAsCaller(session: Session, id: string): Promise<void> {
    const { deleteFile } = await this.asCaller(session, () => this.engine.run(DELETE_FILE, { id }, session))
    if (!deleteFile) throw notAuthorized()
  }

  async deleteAsAdmin(id: string): Promise<void> {
    await this.admin(() => this.engine.run(DELETE_FILE, { id }, ADMIN))
  }

  async listAsAdmin(where: Record<string, unknown>): Promise<Listed[]> {
    const { files } = await this.admin(() => this.engine.run(FILES, { w: where }, ADMIN))
    return files
  }

  /** An operation run as the caller, or the refusal hasura-storage answers. */
  private async asCaller<T>(session: Session, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof EngineError)) throw error
      // Even the admin cannot see the storage tables: say so instead of "not authorized".
      if (session.isAdmin && (await this.storageUntracked(error))) throw storageNotSetUp()
      // hasura-storage answers every Hasura refusal of the caller's operation with 403.
      throw notAuthorized(described(error))
    }
  }

  private async admin<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (!(error instanceof EngineError)) throw error
      if (await this.storageUntracked(error)) throw storageNotSetUp()
      // The cause goes into the storage error handler's log line, with the request's id.
      throw new StorageError(500, 'an internal server error occurred', undefined, { cause: described(error) })
    }
  }

  /**
   * Whether `error` is the engine refusing storage's operations because the metadata does not
   * track Nhost's storage tables (a bare Hasura project): read from the admin's schema.
   */
  private async storageUntracked(error: EngineError): Promise<boolean> {
    return error.code === 'validation-failed' && !tracksStorage(await this.engine.schemaFor(ADMIN.role))
  }
}

/** Whether the schema has the root fields storage's operations use. */
function tracksStorage(schema: GraphQLSchema): boolean {
  const query = schema.getQueryType()?.getFields() ?? {}
  const mutation = schema.getMutationType()?.getFields() ?? {}
  return (
    ['bucket', 'file', 'files'].every((field) => field in query) &&
    ['insertFile', 'updateFile', 'deleteFile'].every((field) => field in mutation)
  )
}

/** The engine's error as storage logs it: its code beside its message. */
function described(error: EngineError): Error {
  return new Error(`${error.code}: ${error.message}`, { cause: error })
}

function storageNotSetUp(): StorageError {
  return new StorageError(503, 'storage is not set up: track storage.files and storage.buckets in the metadata, as an Nhost project does')
}
