import { IngestKeysSection } from '../../features/ingest-keys/components/ingest-keys-section.tsx'
import { SettingsPage } from '../../features/members/components/settings-page.tsx'
import { useWorkspaceRef } from '../../lib/workspace-ref.ts'

/** `/w/:slug/settings`: members and invitations, and the owner sections of other features (ingest keys). */
export default function SettingsRoute() {
  const workspace = useWorkspaceRef()
  return <SettingsPage ownerSections={[{ id: 'ingest keys', element: <IngestKeysSection workspaceId={workspace.id} /> }]} />
}
