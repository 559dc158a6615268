import { useEffect, useMemo, useReducer, useState } from 'react';
import type { AlarmRecord } from '@hmi/domain';
import { alarmSoundPreference, createAlarmSound } from './alarm-sound.ts';
import { CriticalAlarmBanners } from './CriticalAlarmBanners.tsx';
import { criticalAlarmsReducer, noCriticalAlarms } from './critical-alarms.ts';
import { useNotifySocket } from './use-notify-socket.ts';
import './notify.css';

/**
 * Mounted once by the signed-in frame (loaded after sign-in, apart from the login chunk): the
 * notify socket, the critical-alarm banners under the header and their optional beep.
 */
export default function NotifyCenter() {
  const [alarms, dispatch] = useReducer(criticalAlarmsReducer, noCriticalAlarms);
  const [sound] = useState(createAlarmSound);
  useEffect(() => () => sound.close(), [sound]);

  const handlers = useMemo(
    () => ({
      onCritical: (record: AlarmRecord) => {
        dispatch({ type: 'raised', record });
        if (alarmSoundPreference.get()) sound.play();
      },
      onUpdate: (record: AlarmRecord) => dispatch({ type: 'update', record }),
    }),
    [sound],
  );
  const status = useNotifySocket(handlers);

  return (
    <div className="notify-center" data-testid="notify-center" data-status={status}>
      <CriticalAlarmBanners
        alarms={alarms}
        onDismiss={(id) => dispatch({ type: 'dismiss', id })}
        onDismissAll={() => dispatch({ type: 'dismissAll' })}
      />
    </div>
  );
}
