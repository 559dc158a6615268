import { MessageListView } from '../../features/message/MessageListView.tsx';

/** /message/msgAlarm: the user's alarm messages with the alarm's state now, filters and export. */
export function MsgAlarmPage() {
  return <MessageListView kind="alarm" />;
}
