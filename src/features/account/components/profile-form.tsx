import { useMutation, useQuery } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { MyProfileDocument, UpdateMyProfileDocument } from '../../../gql/graphql.ts'
import { catalogueError, toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { useSession, useUserId } from '../../../lib/session.tsx'
import { checkUploadType } from '../../../lib/upload-file-type.ts'
import { Avatar } from '../../../ui/avatar.tsx'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage, Loading } from '../../../ui/states.tsx'

const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif']
const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** Display name, and an avatar uploaded to the `avatars` bucket through nhost-js storage. */
export function ProfileForm() {
  const userId = useUserId()
  const { nhost } = useSession()
  const { data, loading, error } = useQuery(MyProfileDocument, { variables: { id: userId } })
  const [update, { loading: saving }] = useMutation(UpdateMyProfileDocument)
  const [name, setName] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | undefined>()
  const [actionError, setActionError] = useState<AppError | null>(null)
  const [saved, setSaved] = useState(false)
  if (error && !data) return <ErrorMessage error={toAppError(error)} />
  if (loading && !data) return <Loading label="Loading your profile…" />
  const user = data?.user
  if (!user) return <ErrorMessage error={catalogueError('not-found')} />
  const displayName = name ?? user.displayName

  async function save(avatarUrl: string) {
    setActionError(null)
    setSaved(false)
    try {
      await update({ variables: { id: userId, displayName: displayName.trim(), avatarUrl } })
      // The header reads the name from the session's user: refresh it so the new name shows.
      await nhost.refreshSession(0).catch(() => null)
      setSaved(true)
    } catch (caught) {
      setActionError(toAppError(caught))
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    await save(user!.avatarUrl)
  }

  async function upload(file: File | undefined) {
    if (!file) return
    if (!AVATAR_TYPES.includes(file.type)) return setFileError('Choose a PNG, JPEG, WebP or GIF image.')
    if (file.size > AVATAR_MAX_BYTES) return setFileError('An avatar is at most 5 MB.')
    const wrongType = await checkUploadType('avatars', file)
    if (wrongType) return setFileError(wrongType)
    setFileError(undefined)
    try {
      const { body } = await nhost.storage.uploadFiles({ 'bucket-id': 'avatars', 'file[]': [file] })
      const id = body.processedFiles?.[0]?.id
      if (!id) throw new Error('no file id')
      await save(`${nhost.storage.baseURL}/files/${id}`)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.code === 'file/too-large' || appError.code === 'file/wrong-type') setFileError(appError.message)
      else setActionError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      {actionError ? <ErrorMessage error={actionError} /> : null}
      {saved ? (
        <p role="status" className="muted">
          Saved.
        </p>
      ) : null}
      <div className="member-row">
        <Avatar url={user.avatarUrl} name={displayName || user.email || '?'} />
        <span>{user.email}</span>
      </div>
      <TextField label="Display name" name="displayName" value={displayName} maxLength={80} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Avatar (PNG, JPEG, WebP or GIF, at most 5 MB)"
        name="avatar"
        type="file"
        accept={AVATAR_TYPES.join(',')}
        error={fileError}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <button type="submit" className="primary" disabled={saving || displayName.trim().length === 0}>
        Save
      </button>
    </form>
  )
}
