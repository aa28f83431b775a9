import { AcceptInvitation } from '../../features/members/components/accept-invitation.tsx'

export default AcceptInvitation
