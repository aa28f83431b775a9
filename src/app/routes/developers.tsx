import { DevelopersPage } from '../../features/developers/components/developers-page.tsx'

export default DevelopersPage
