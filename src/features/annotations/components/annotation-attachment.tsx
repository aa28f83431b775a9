import { useEffect, useState } from 'react'
import { useSession } from '../../../lib/session.tsx'

/** An attachment read with the member's session (the bucket is not public): image or download link. */
export function AnnotationAttachment({ file }: { file: { id: string; name?: string | null; mimeType?: string | null } }) {
  const { nhost } = useSession()
  const [url, setUrl] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let objectUrl: string | null = null
    let cancelled = false
    nhost.storage.getFile(file.id).then(
      ({ body }) => {
        if (cancelled) return
        objectUrl = URL.createObjectURL(body)
        setUrl(objectUrl)
      },
      () => setFailed(true),
    )
    return () => {
      cancelled = true
      if (objectUrl) URL.revokeObjectURL(objectUrl)
    }
  }, [nhost, file.id])
  if (failed) return <p className="muted">The attachment cannot be loaded.</p>
  if (!url) return <p className="muted">Loading attachment…</p>
  const name = file.name ?? 'attachment'
  return file.mimeType?.startsWith('image/') ? (
    <a href={url} download={name}>
      <img className="annotation-image" src={url} alt={`Attachment ${name}`} data-testid="annotation-image" />
    </a>
  ) : (
    <a href={url} download={name}>
      Download {name}
    </a>
  )
}
