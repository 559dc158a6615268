import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from './use-countdown.ts';

interface Props {
  /** Sends the code; resolves when sent, rejects (already reported by the caller) otherwise. */
  send(): Promise<void>;
  label?: string;
  testId?: string;
}

/** "Send code" with a 60 s countdown before it can be sent again. */
export function SendCodeButton({ send, label, testId = 'send-code' }: Props) {
  const { t } = useTranslation('register');
  const countdown = useCountdown(60);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  return (
    <Button
      data-testid={testId}
      loading={sending}
      disabled={countdown.running}
      className="send-code-button"
      onClick={async () => {
        setSending(true);
        try {
          await send();
          setSentOnce(true);
          countdown.start();
        } catch {
          // The caller shows the reason next to the field.
        } finally {
          setSending(false);
        }
      }}
    >
      {countdown.running
        ? t('code.wait', { seconds: countdown.left })
        : (label ?? (sentOnce ? t('code.resend') : t('code.send')))}
    </Button>
  );
}
