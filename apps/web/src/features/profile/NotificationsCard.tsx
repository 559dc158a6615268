import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Divider, Skeleton, Space, Switch, Typography } from 'antd';
import { MailOutlined, SendOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlarmLevel, NotifyDelivery } from '@hmi/domain';
import { successToast } from '../../shared/feedback/notifier.ts';
import { failureText } from '../../shared/feedback/toast-failure.ts';
import { alarmLevels, levelMask, levelsOfMask, AlarmLevelTag } from '../alarm/index.ts';
import {
  createAlarmSound,
  useAlarmSoundPreference,
  useNotifySettings,
  useSaveNotifySettings,
  useSendTestMail,
} from '../notify/index.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { deliveryReason } from './delivery-reason.ts';

interface TestResult {
  ok: boolean;
  text: string;
}

/**
 * Notifications of the personal centre: which alarm levels also come by email, where they go,
 * a test mail that proves the path, the delivery log, and this browser's critical-alarm beep.
 */
export function NotificationsCard() {
  const { t } = useTranslation('profile');
  const settings = useNotifySettings();
  const save = useSaveNotifySettings();
  const test = useSendTestMail();
  const [levels, setLevels] = useState<AlarmLevel[]>([]);
  const [result, setResult] = useState<TestResult>();
  const [sound, setSound] = useAlarmSoundPreference();
  const [preview] = useState(createAlarmSound);
  useEffect(() => () => preview.close(), [preview]);

  const saved = settings.data?.mail_levels ?? 0;
  useEffect(() => setLevels(levelsOfMask(saved)), [saved]);
  const dirty = levelMask(levels) !== saved;
  const email = settings.data?.email ?? null;

  const sendTest = () => {
    setResult(undefined);
    test.mutate(undefined, {
      onSuccess: (d: NotifyDelivery) =>
        setResult(
          d.ok
            ? { ok: true, text: t('notify.testSent', { to: d.destination }) }
            : { ok: false, text: t('notify.testFailed', { reason: deliveryReason(d.error) }) },
        ),
      onError: (e: unknown) => {
        const reason = failureText(e);
        if (reason === undefined) return;
        setResult({ ok: false, text: t('notify.testFailed', { reason }) });
      },
    });
  };

  return (
    <Card title={t('notify.title')} data-testid="notify-card">
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('notify.levelsText')}</Typography.Paragraph>
          <Checkbox.Group<AlarmLevel>
            value={levels}
            onChange={setLevels}
            className="profile-notify-levels"
            data-testid="notify-levels"
            options={alarmLevels.map((l) => ({
              value: l,
              label: <AlarmLevelTag level={l} />,
            }))}
          />
          <div className="profile-notify-row">
            <Typography.Text type="secondary" data-testid="notify-email">
              <MailOutlined /> {email ? t('notify.address', { email }) : t('notify.noEmail')}
            </Typography.Text>
          </div>
          {!email ? (
            <Alert type="info" showIcon title={t('notify.noEmailHint')} className="form-failure" />
          ) : null}
          <Space wrap>
            <Button
              type="primary"
              disabled={!dirty}
              loading={save.isPending}
              data-testid="notify-save"
              onClick={() =>
                save.mutate(levelMask(levels), { onSuccess: () => successToast(t('notify.saved')) })
              }
            >
              {t('notify.save')}
            </Button>
            <Button
              icon={<SendOutlined />}
              disabled={!email}
              loading={test.isPending}
              onClick={sendTest}
              data-testid="notify-test"
            >
              {t('notify.test')}
            </Button>
          </Space>
          {result ? (
            <Alert
              type={result.ok ? 'success' : 'error'}
              showIcon
              title={result.text}
              className="profile-notify-result"
              data-testid="notify-test-result"
              data-ok={result.ok ? '1' : '0'}
            />
          ) : null}
        </>
      )}
      <Divider className="profile-notify-divider" />
      <div className="profile-notify-sound">
        <Switch
          checked={sound}
          onChange={(on) => {
            setSound(on);
            if (on) preview.play();
          }}
          data-testid="notify-sound"
          aria-label={t('notify.sound')}
        />
        <div>
          <div>
            <SoundOutlined /> {t('notify.sound')}
          </div>
          <Typography.Text type="secondary" className="profile-notify-note">
            {t('notify.soundText')}
          </Typography.Text>
        </div>
      </div>
      <Divider className="profile-notify-divider" />
      <DeliveryLog />
    </Card>
  );
}
