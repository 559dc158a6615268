import { useEffect, useMemo, useReducer, useState } from 'react';
import { useLocation } from 'react-router';
import type { AlarmRecord } from '@hmi/domain';
import { REMOTE_PATH } from '../../shared/devices/device-routes.ts';
import { alarmSoundPreference, createAlarmSound } from './alarm-sound.ts';
import { CriticalAlarmBanners } from './CriticalAlarmBanners.tsx';
import { criticalAlarmsReducer, noCriticalAlarms } from './critical-alarms.ts';
import { useNotifySocket } from './use-notify-socket.ts';
import './notify.css';

/** Live screens where a banner must not move the page: it lies over the top of it instead. */
const OVERLAY_PATHS: readonly string[] = [REMOTE_PATH];

/**
 * Mounted once by the signed-in frame (loaded after sign-in, apart from the login chunk): the
 * notify socket, the critical-alarm banners under the header and their optional beep. On a live
 * remote screen the banners overlay the page (a click aimed at the device's screen must not land
 * 70 px lower); elsewhere they push it down, so nothing of the page is hidden.
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
  const overlay = OVERLAY_PATHS.includes(useLocation().pathname);

  return (
    <div
      className={overlay ? 'notify-center is-overlay' : 'notify-center'}
      data-testid="notify-center"
      data-status={status}
      data-overlay={overlay}
    >
      <CriticalAlarmBanners
        alarms={alarms}
        onDismiss={(id) => dispatch({ type: 'dismiss', id })}
        onDismissAll={() => dispatch({ type: 'dismissAll' })}
      />
    </div>
  );
}
