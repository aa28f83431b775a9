import { useMutation, useSubscription } from '@apollo/client/react'
import { useRef, useState, type FormEvent } from 'react'
import {
  CreateAnnotationDocument,
  DeleteAnnotationDocument,
  LinkWorkspaceFileDocument,
  MetricAnnotationsDocument,
} from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession, useUserId } from '../../../lib/session.tsx'
import { checkUploadType } from '../../../lib/upload-file-type.ts'
import type { WorkspaceRef } from '../../../lib/workspace-ref.ts'
import { TextField } from '../../../ui/field.tsx'
import { formatTime } from '../../../ui/format.ts'
import { EmptyState, ErrorMessage } from '../../../ui/states.tsx'
import { validateAnnotation, type AnnotationFormErrors } from '../validate-annotation.ts'
import { AnnotationAttachment } from './annotation-attachment.tsx'

/** Annotations of a metric: editors and owners add one (optionally with a file); author or owner deletes. */
export function AnnotationsSection({ workspace, metricId }: { workspace: WorkspaceRef; metricId: string }) {
  const { nhost } = useSession()
  const userId = useUserId()
  const { data, error: loadError } = useSubscription(MetricAnnotationsDocument, { variables: { metricId } })
  const [linkFile] = useMutation(LinkWorkspaceFileDocument)
  const [createAnnotation] = useMutation(CreateAnnotationDocument)
  const [deleteAnnotation] = useMutation(DeleteAnnotationDocument)
  const fileInput = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [fieldErrors, setFieldErrors] = useState<AnnotationFormErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const canWrite = workspace.role !== 'viewer'

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    const file = fileInput.current?.files?.[0]
    const errors = validateAnnotation(text, file)
    if (file && !errors.file) errors.file = (await checkUploadType('attachments', file)) ?? undefined
    setFieldErrors(errors)
    if (errors.text || errors.file) return
    setBusy(true)
    try {
      let fileId: string | null = null
      if (file) {
        fileId = crypto.randomUUID()
        await linkFile({ variables: { fileId, workspaceId: workspace.id } })
        await nhost.storage.uploadFiles({ 'bucket-id': 'attachments', 'file[]': [file], 'metadata[]': [{ id: fileId }] })
      }
      await createAnnotation({ variables: { metricId, ts: new Date().toISOString(), text: text.trim(), fileId } })
      setText('')
      if (fileInput.current) fileInput.current.value = ''
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.code === 'file/too-large') setFieldErrors({ file: 'The file is larger than 10 MB.' })
      else if (appError.field === 'text' || appError.field === 'file') setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: string) {
    if (!window.confirm('Delete this annotation?')) return
    try {
      await deleteAnnotation({ variables: { id } })
    } catch (caught) {
      setError(toAppError(caught))
    }
  }

  const annotations = data?.annotations ?? []
  return (
    <section className="card" aria-labelledby="annotations-title" data-testid="annotations">
      <h2 id="annotations-title">Annotations</h2>
      {canWrite ? (
        <form onSubmit={submit} noValidate>
          <TextField
            label="Note"
            name="text"
            value={text}
            maxLength={500}
            onChange={(e) => setText(e.target.value)}
            error={fieldErrors.text}
            required
          />
          <div className="field">
            <label htmlFor="annotation-file">Attachment (optional)</label>
            <input
              id="annotation-file"
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif,application/pdf"
              aria-invalid={fieldErrors.file ? true : undefined}
              aria-describedby={fieldErrors.file ? 'annotation-file-error' : undefined}
            />
            {fieldErrors.file ? (
              <p id="annotation-file-error" className="field-error" role="alert">
                {fieldErrors.file}
              </p>
            ) : null}
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Add annotation'}
          </button>
        </form>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
      {loadError && !data ? <ErrorMessage error={toAppError(loadError)} /> : null}
      {data && annotations.length === 0 ? <EmptyState title="No annotations yet" /> : null}
      <ul className="annotation-list">
        {annotations.map((a) => (
          <li key={a.id} data-testid="annotation">
            <p>
              <strong>{formatTime(a.ts)}</strong> {a.text}
            </p>
            {a.file ? <AnnotationAttachment file={a.file} /> : null}
            {a.created_by === userId || workspace.role === 'owner' ? (
              <button type="button" onClick={() => void remove(a.id)}>
                Delete
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
