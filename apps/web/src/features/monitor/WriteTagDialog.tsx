import { useMemo, useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { TagDataType, tagDataTypeName, type MonitorTag, type SettagReply } from '@hmi/domain';
import { errorText } from '../../shared/i18n/i18n.ts';
import { useLiveValue, type LiveValueStore } from '../live/index.ts';
import { formatTagValue, parseWriteInput } from './tag-value.ts';
import { useSettag } from './use-monitor.ts';
import { writeFailure } from './write-outcome.ts';

interface Props {
  deviceId: number;
  tag: MonitorTag;
  values: LiveValueStore;
  onClose(): void;
}

type Outcome = { ok: true; reply: SettagReply } | { ok: false; text: string };

/**
 * Writes one value to a write or read-write tag: the input is checked against the tag's data
 * type as the user types (the server's rule), then `settag` waits for the device's answer and
 * the outcome stays in the dialog (success, offline 1038, not synced 2002, out of range, timeout).
 */
export function WriteTagDialog({ deviceId, tag, values, onClose }: Props) {
  const { t } = useTranslation('monitor');
  const current = useLiveValue(values, tag.tag_id)?.value;
  const isBool = tag.data_type === TagDataType.BOOL;
  const [text, setText] = useState(
    isBool ? (formatTagValue(current, tag.data_type, 0) === '1' ? '0' : '1') : '',
  );
  const [touched, setTouched] = useState(isBool);
  const [outcome, setOutcome] = useState<Outcome>();
  const settag = useSettag();
  const type = tagDataTypeName(tag.data_type) ?? String(tag.data_type);
  const parsed = useMemo(() => parseWriteInput(text, tag.data_type), [text, tag.data_type]);
  const fieldError = touched && !parsed.ok ? t(parsed.key, parsed.params) : undefined;

  const submit = () => {
    setTouched(true);
    if (!parsed.ok) return;
    setOutcome(undefined);
    settag.mutate(
      { id: deviceId, tag_id: tag.tag_id, value: parsed.value },
      {
        onSuccess: (reply) => setOutcome({ ok: true, reply }),
        onError: (e) => {
          const failure = writeFailure(e);
          if (!failure) return;
          const text =
            failure.kind === 'failed'
              ? t('write.failed', { reason: errorText(failure.code ?? 'ERR_NETWORK') })
              : t(`write.${failure.kind}`, { type });
          setOutcome({ ok: false, text });
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('write.title', { name: tag.name })}
      onCancel={onClose}
      onOk={submit}
      okText={t('write.submit')}
      cancelText={t('common:cancel')}
      confirmLoading={settag.isPending}
      okButtonProps={{ disabled: touched && !parsed.ok, 'data-testid': 'write-submit' } as never}
      destroyOnHidden
      data-testid="write-dialog"
    >
      <Descriptions
        size="small"
        column={1}
        className="monitor-write-facts"
        items={[
          {
            key: 'current',
            label: t('write.current'),
            children: (
              <span className="monitor-mono">{formatTagValue(current, tag.data_type, tag.decimals)}</span>
            ),
          },
          { key: 'type', label: t('column.dataType'), children: type },
        ]}
      />
      <Form layout="vertical" onFinish={submit} component="div">
        <Form.Item
          label={t('write.newValue')}
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError}
          required
        >
          {isBool ? (
            <Segmented
              options={[
                { label: '0', value: '0' },
                { label: '1', value: '1' },
              ]}
              value={text}
              onChange={(v) => setText(String(v))}
              data-testid="write-bool"
            />
          ) : (
            <Input
              autoFocus
              value={text}
              inputMode={tag.data_type === TagDataType.STRING ? 'text' : 'decimal'}
              onChange={(e) => {
                setText(e.target.value);
                setTouched(true);
              }}
              onPressEnter={submit}
              data-testid="write-value"
            />
          )}
        </Form.Item>
      </Form>
      {settag.isPending && <Alert type="info" showIcon title={t('write.sending')} />}
      {outcome?.ok === true && (
        <Alert
          type="success"
          showIcon
          data-testid="write-outcome"
          data-ok="1"
          title={t('write.ok', { value: formatTagValue(outcome.reply.value, tag.data_type, tag.decimals) })}
        />
      )}
      {outcome?.ok === false && (
        <Alert type="error" showIcon data-testid="write-outcome" data-ok="0" title={outcome.text} />
      )}
    </Modal>
  );
}
