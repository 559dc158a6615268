import { MessageListView } from '../../features/message/MessageListView.tsx';

/** /message/msgSystem: the user's system notices. */
export function MsgSystemPage() {
  return <MessageListView kind="notice" />;
}
