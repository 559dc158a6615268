import { MessageListView } from '../../features/message/MessageListView.tsx';

/**
 * /message/msgBilling: the user's billing messages (card expiry, Remote Access traffic). The menu
 * offers it to the main account and holders of msgBilling view 23, never in region cn.
 */
export function MsgBillingPage() {
  return <MessageListView kind="billing" />;
}
