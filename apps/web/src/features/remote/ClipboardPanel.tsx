import { useState } from 'react';
import { Button, Input, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { successToast } from '../../shared/feedback/notifier.ts';

interface Props {
  /** The last text the HMI put on its clipboard. */
  received: string | undefined;
  /** False while the session only watches: nothing can be sent. */
  canSend: boolean;
  onSend(text: string): void;
}

/** The remote clipboard: what the HMI copied, and text to paste into the HMI's clipboard. */
export function ClipboardPanel({ received, canSend, onSend }: Props) {
  const { t } = useTranslation('remote');
  const [text, setText] = useState('');
  return (
    <div className="remote-clipboard" data-testid="remote-clipboard-panel">
      {received !== undefined ? (
        <div className="remote-clipboard-received">
          <Typography.Text type="secondary">{t('clipboard.received')}</Typography.Text>
          <Typography.Paragraph
            className="remote-clipboard-text"
            copyable={{ text: received }}
            data-testid="remote-clipboard-received"
          >
            {received}
          </Typography.Paragraph>
        </div>
      ) : null}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('clipboard.placeholder')}
        disabled={!canSend}
        aria-label={t('clipboard.placeholder')}
        data-testid="remote-clipboard-text"
      />
      <div className="remote-clipboard-foot">
        <Typography.Text type="secondary">
          {canSend ? t('clipboard.hint') : t('clipboard.viewOnly')}
        </Typography.Text>
        <Button
          size="small"
          type="primary"
          icon={<SendOutlined />}
          disabled={!canSend || text === ''}
          onClick={() => {
            onSend(text);
            successToast(t('clipboard.sent'));
          }}
          data-testid="remote-clipboard-send"
        >
          {t('clipboard.send')}
        </Button>
      </div>
    </div>
  );
}
