import { useMutation } from '@apollo/client/react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { CreateWorkspaceDocument, MyWorkspacesDocument } from '../../../gql/graphql.ts'
import { toAppError, type AppError } from '../../../lib/error-catalogue.ts'
import { TextField } from '../../../ui/field.tsx'
import { ErrorMessage } from '../../../ui/states.tsx'
import { slugify, validateWorkspace, type WorkspaceFormErrors } from '../validate-workspace.ts'

export function CreateWorkspaceForm() {
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [slug, setSlug] = useState('')
  const [slugEdited, setSlugEdited] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<WorkspaceFormErrors>({})
  const [error, setError] = useState<AppError | null>(null)
  const [createWorkspace, { loading }] = useMutation(CreateWorkspaceDocument, {
    refetchQueries: [{ query: MyWorkspacesDocument }],
  })

  async function submit(event: FormEvent) {
    event.preventDefault()
    const errors = validateWorkspace(name, slug)
    setFieldErrors(errors)
    setError(null)
    if (errors.name || errors.slug) return
    try {
      await createWorkspace({ variables: { name: name.trim(), slug } })
      navigate(`/w/${slug}`)
    } catch (caught) {
      const appError = toAppError(caught)
      if (appError.field === 'slug' || appError.field === 'name') setFieldErrors({ [appError.field]: appError.message })
      else setError(appError)
    }
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="create-workspace-title" data-testid="workspace-create-form">
      <h2 id="create-workspace-title">Create a workspace</h2>
      {error ? <ErrorMessage error={error} /> : null}
      <TextField
        label="Name"
        name="name"
        value={name}
        maxLength={120}
        error={fieldErrors.name}
        required
        onChange={(e) => {
          setName(e.target.value)
          if (!slugEdited) setSlug(slugify(e.target.value))
        }}
      />
      <TextField
        label="Slug"
        name="slug"
        value={slug}
        maxLength={40}
        error={fieldErrors.slug}
        required
        hint="3–40 of a–z, 0–9 and -, starting and ending with a letter or digit. Used in links."
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => {
          setSlugEdited(true)
          setSlug(e.target.value)
        }}
      />
      <button type="submit" className="primary" disabled={loading}>
        {loading ? 'Creating…' : 'Create workspace'}
      </button>
    </form>
  )
}
