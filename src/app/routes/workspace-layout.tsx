import { WorkspaceLayout } from '../../features/workspaces/components/workspace-layout.tsx'

export default WorkspaceLayout
