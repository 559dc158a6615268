import { MessageListView } from '../../features/message/MessageListView.tsx';
import { TeamInvitationsCard } from '../../features/team/index.ts';
import '../../shared/styles/page-list.css';

/** /message/msgSystem: the user's team invitations (when there is any), then their system notices. */
export function MsgSystemPage() {
  return (
    <div className="device-page">
      <TeamInvitationsCard />
      <MessageListView kind="notice" />
    </div>
  );
}
