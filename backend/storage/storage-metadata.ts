import type { GraphqlEngine } from '../engine/execute/graphql-engine.ts'
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

const INSERT_FILE = 'mutation ($o: files_insert_input!) { insertFile(object: $o) { __typename } }'
const SET_FILE = `mutation ($id: uuid!, $s: files_set_input!) { updateFile(pk_columns: {id: $id}, _set: $s) { ${FILE_FIELDS} } }`

/** The session hasura-storage uses for its own bookkeeping: the admin secret. */
const ADMIN: Session = { role: 'admin', isAdmin: true, adminSecretUsed: true, variables: { 'x-hasura-role': 'admin' } }

interface GraphqlAnswer {
  data?: Record<string, unknown>
  errors?: { message: string; extensions?: { code?: string } }[]
}

/**
 * storage.files and storage.buckets through the GraphQL engine, as hasura-storage reads and
 * writes them through Hasura (`metadata/hasura.go`): what the caller may do is decided by the
 * caller's permissions on storage.files, the row is completed with the admin secret.
 */
export class StorageMetadata {
  constructor(private readonly engine: GraphqlEngine) {}

  async bucket(id: string): Promise<BucketSettings> {
    const data = await this.admin(`query ($id: String!) { bucket(id: $id) { ${BUCKET_FIELDS} } }`, { id })
    if (!data.bucket) throw bucketNotFound()
    return data.bucket as BucketSettings
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
    const response = await this.engine.executeTogether([
      { request: { query: INSERT_FILE, variables: { o: object } }, session },
      { request: { query: SET_FILE, variables: { id, s: completion } }, session: ADMIN },
    ])
    const data = this.callerData(session, response)
    if (!data.updateFile) throw fileNotFound()
    return data.updateFile as FileMetadata
  }

  /**
   * The row if the caller may select it: 404 when the caller's filter hides it (or it does not
   * exist), 403 when the role may not select storage.files at all. Read back as admin, so a role
   * needs no more than `id` to download.
   */
  async fileVisibleTo(session: Session, id: string): Promise<FileMetadata & { bucket: BucketSettings }> {
    // Without a select permission the role has no `file` field, maybe not even a `uuid` type: the
    // query would fail validation, which hasura-storage answers with a plain 403. Not an error.
    if (!session.isAdmin && !(await this.roleMaySelect(session))) throw notAuthorized()
    const data = await this.caller(session, 'query ($id: uuid!) { file(id: $id) { id } }', { id })
    if (!data.file) throw fileNotFound()
    return this.fileAsAdmin(id)
  }

  async fileAsAdmin(id: string): Promise<FileMetadata & { bucket: BucketSettings }> {
    const data = await this.admin(`query ($id: uuid!) { file(id: $id) { ${FILE_FIELDS} bucket { ${BUCKET_FIELDS} } } }`, { id })
    if (!data.file) throw fileNotFound()
    return data.file as FileMetadata & { bucket: BucketSettings }
  }

  /** Replace: the caller's update permission (filter and check) decides; 403 when it refuses. */
  async updateAsCaller(session: Session, id: string, set: Record<string, unknown>): Promise<void> {
    const data = await this.caller(
      session,
      'mutation ($id: uuid!, $s: files_set_input!) { updateFile(pk_columns: {id: $id}, _set: $s) { __typename } }',
      { id, s: set },
    )
    if (!data.updateFile) throw notAuthorized()
  }

  /**
   * Columns only the service writes: what it learnt from the bytes and `isUploaded`
   * (hasura-storage's PopulateMetadata and SetIsUploaded).
   */
  async updateAsAdmin(id: string, set: { isUploaded: false } | FileCompletion): Promise<FileMetadata> {
    const data = await this.admin(SET_FILE, { id, s: set })
    if (!data.updateFile) throw fileNotFound()
    return data.updateFile as FileMetadata
  }

  async deleteAsCaller(session: Session, id: string): Promise<void> {
    const data = await this.caller(session, 'mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id })
    if (!data.deleteFile) throw notAuthorized()
  }

  async deleteAsAdmin(id: string): Promise<void> {
    await this.admin('mutation ($id: uuid!) { deleteFile(id: $id) { id } }', { id })
  }

  async listAsAdmin(where: Record<string, unknown>): Promise<{ id: string; name: string; bucketId: string; isUploaded: boolean }[]> {
    const data = await this.admin('query ($w: files_bool_exp!) { files(where: $w) { id name bucketId isUploaded } }', { w: where })
    return data.files as { id: string; name: string; bucketId: string; isUploaded: boolean }[]
  }

  private async caller(session: Session, query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.callerData(session, await this.engine.execute({ query, variables }, session))
  }

  /** The data of an operation run as the caller, or the refusal hasura-storage answers. */
  private callerData(session: Session, response: string): Record<string, unknown> {
    const answer = JSON.parse(response) as GraphqlAnswer
    if (answer.errors?.length) {
      // Even the admin cannot see the storage tables: say so instead of "not authorized".
      if (session.isAdmin && storageUntracked(answer.errors)) throw storageNotSetUp()
      // hasura-storage answers every Hasura refusal of the caller's operation with 403.
      throw notAuthorized(new Error(answer.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; ')))
    }
    return answer.data ?? {}
  }

  private async admin(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
    const answer = JSON.parse(await this.engine.execute({ query, variables }, ADMIN)) as GraphqlAnswer
    if (answer.errors?.length) {
      if (storageUntracked(answer.errors)) throw storageNotSetUp()
      // The cause goes into the storage error handler's log line, with the request's id.
      const cause = new Error(answer.errors.map((e) => `${e.extensions?.code}: ${e.message}`).join('; '))
      throw new StorageError(500, 'an internal server error occurred', undefined, { cause })
    }
    return answer.data ?? {}
  }
}

/** The engine's answer when the metadata does not track Nhost's storage tables (a bare Hasura project). */
function storageUntracked(errors: { message: string; extensions?: { code?: string } }[]): boolean {
  return errors.some(
    (e) => e.extensions?.code === 'validation-failed' && /not found in type: '(query|mutation)_root'|Unknown type "uuid"/.test(e.message),
  )
}

function storageNotSetUp(): StorageError {
  return new StorageError(503, 'storage is not set up: track storage.files and storage.buckets in the metadata, as an Nhost project does')
}
