import { useMutation, useSubscription } from '@apollo/client/react'
import { useRef, useState, type FormEvent } from 'react'
import { CreateImportDocument, LinkWorkspaceFileDocument, MetricImportsDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession } from '../../../lib/session.tsx'
import { checkUploadType } from '../../../lib/upload-file-type.ts'
import { ErrorMessage } from '../../../ui/states.tsx'
import { checkCsvFile } from '../validate-csv-file.ts'
import { ImportStatus } from './import-status.tsx'

/**
 * CSV import on the metric page (editors, owners): link a new file id to the workspace, upload
 * the file to bucket `imports` with nhost-js, create the imports row and start the import
 * function; the imports subscription shows progress and rejected lines live.
 */
export function CsvImportSection({ workspaceId, metricId, canImport }: { workspaceId: string; metricId: string; canImport: boolean }) {
  const { nhost } = useSession()
  const { data } = useSubscription(MetricImportsDocument, { variables: { metricId } })
  const [linkFile] = useMutation(LinkWorkspaceFileDocument)
  const [createImport] = useMutation(CreateImportDocument)
  const fileInput = useRef<HTMLInputElement>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)

  const start = (importId: string) => nhost.functions.post('/import', { importId })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const file = fileInput.current?.files?.[0]
    const problem = checkCsvFile(file) ?? (file ? await checkUploadType('imports', file) : null)
    setFileError(problem ?? undefined)
    if (problem || !file) return
    setBusy(true)
    try {
      const fileId = crypto.randomUUID()
      await linkFile({ variables: { fileId, workspaceId } })
      await nhost.storage.uploadFiles({
        'bucket-id': 'imports',
        'file[]': [new File([file], file.name, { type: 'text/csv' })],
        'metadata[]': [{ id: fileId }],
      })
      const created = await createImport({ variables: { metricId, fileId } })
      const importId = created.data?.insert_imports_one?.id
      if (importId) await start(importId)
      if (fileInput.current) fileInput.current.value = ''
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.code === 'file/too-large') setFileError('The file is larger than 20 MB.')
      else if (appError.code === 'permission/denied') setFileError('Choose a CSV file (text/csv) of at most 20 MB.')
      else setError(appError)
    } finally {
      setBusy(false)
    }
  }

  async function retry(importId: string) {
    setError(null)
    try {
      await start(importId)
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  const imports = data?.imports ?? []
  return (
    <section className="card" aria-labelledby="csv-import-title" data-testid="csv-import">
      <h2 id="csv-import-title">Import CSV</h2>
      {canImport ? (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="csv-file">CSV file</label>
            <input
              id="csv-file"
              ref={fileInput}
              type="file"
              name="file"
              accept=".csv,text/csv"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'csv-file-hint csv-file-error' : 'csv-file-hint'}
            />
            <p id="csv-file-hint" className="field-hint">
              Header <code>ts,value</code>; times as ISO-8601 or Unix seconds or milliseconds; at most 20 MB and 500,000 rows.
            </p>
            {fileError ? (
              <p id="csv-file-error" className="field-error" role="alert">
                {fileError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Import'}
          </button>
        </form>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
      {imports.map((row) => (
        <ImportStatus key={row.id} row={row} onRetry={canImport ? () => void retry(row.id) : undefined} />
      ))}
    </section>
  )
}
