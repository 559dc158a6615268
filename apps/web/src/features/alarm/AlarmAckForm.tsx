import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlarmLimits, validateSingleLineText } from '@hmi/domain';
import { useIssueText } from './issue-text.ts';
import './alarm.css';

interface Props {
  busy: boolean;
  /** Acknowledge with this comment ('' = none; already checked by the free-text rule). */
  onAck(comment: string): void;
}

/**
 * Acknowledging an open alarm with an optional comment of the responder, kept with the record
 * (one line, at most AlarmLimits.ackCommentMax characters: the server's rule, checked here
 * first so the text stays in the box).
 */
export function AlarmAckForm({ busy, onAck }: Props) {
  const { t } = useTranslation('alarm');
  const issue = useIssueText();
  const [comment, setComment] = useState('');
  const check = validateSingleLineText(comment);
  const error = check.ok ? undefined : issue(check);
  return (
    <Form
      layout="vertical"
      className="alarm-ack-form"
      onFinish={() => {
        if (check.ok) onAck(comment.trim());
      }}
    >
      <Form.Item
        label={t('record.comment')}
        validateStatus={error ? 'error' : undefined}
        help={error}
        className="alarm-ack-comment"
      >
        <Input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={AlarmLimits.ackCommentMax}
          showCount
          placeholder={t('record.commentPlaceholder')}
          data-testid="alarm-ack-comment"
        />
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        icon={<CheckOutlined />}
        loading={busy}
        disabled={!check.ok}
        data-testid="alarm-ack-submit"
      >
        {t('record.ack')}
      </Button>
    </Form>
  );
}
