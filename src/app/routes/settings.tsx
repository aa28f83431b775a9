import { SettingsPage } from '../../features/members/components/settings-page.tsx'

/** `/w/:slug/settings`; features add owner sections here (ingest keys). */
export default function SettingsRoute() {
  return <SettingsPage ownerSections={[]} />
}
