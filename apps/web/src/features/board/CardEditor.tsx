import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Segmented, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BoardLimits, boardWindows, type BoardCard, type BoardThresholds } from '@hmi/domain';
import { DevicePicker, TagPicker, useHistoryDevice } from '../history/index.ts';
import { cardOf, draftOf, pastIndicatorSuggestion, withDeviceTags, type CardDraft } from './card-draft.ts';

interface Props {
  open: boolean;
  /** The card edited; undefined: a new card. */
  card: BoardCard | undefined;
  /** Every card of the board (the indicator suggestion counts them). */
  cards: readonly BoardCard[];
  newId: string;
  /** Names of devices the board knows (chosen pairs of other devices show them). */
  deviceName(id: number): string | undefined;
  tagName(deviceId: number, tagId: number): string | undefined;
  onCancel(): void;
  onSave(card: BoardCard): void;
}

const thresholdKeys: (keyof BoardThresholds)[] = ['low_alarm', 'low_warn', 'high_warn', 'high_alarm'];

/** Adds or edits a card: kind, title, device and tag(s) through the pickers of the history screen (data scope), window, thresholds. */
export function CardEditor({ open, card, cards, newId, deviceName, tagName, onCancel, onSave }: Props) {
  const { t } = useTranslation('board');
  const [draft, setDraft] = useState<CardDraft>(() => draftOf(card));
  /** The device whose tags the pickers show. */
  const [deviceId, setDeviceId] = useState<number | undefined>(
    card?.kind === 'indicator' ? card.device_id : undefined,
  );
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(card));
    setDeviceId(card?.kind === 'indicator' ? card.device_id : card?.tags[0]?.device_id);
  }, [open, card]);
  const picked = useHistoryDevice(deviceId);
  const names = useMemo(() => new Map(picked.tags.map((tg) => [tg.id, tg.name])), [picked.tags]);
  const set = (patch: Partial<CardDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const result = cardOf(draft, card?.id ?? newId);
  const warn = pastIndicatorSuggestion(cards, card?.id, draft.kind);
  // Labels of the pairs picked, kept while the user moves on to another device.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const deviceLabel = (d: number) =>
    deviceName(d) ?? (d === deviceId ? picked.device.data?.name : undefined) ?? `#${d}`;
  const label = (d: number, tg: number) =>
    known.get(`${d}:${tg}`) ??
    `${deviceLabel(d)} · ${tagName(d, tg) ?? (d === deviceId ? names.get(tg) : undefined) ?? `#${tg}`}`;
  const remember = (d: number, ids: readonly number[]) =>
    setKnown((prev) => {
      const next = new Map(prev);
      for (const id of ids) next.set(`${d}:${id}`, `${deviceLabel(d)} · ${names.get(id) ?? `#${id}`}`);
      return next;
    });

  return (
    <Modal
      open={open}
      title={card ? t('editor.editTitle') : t('editor.addTitle')}
      okText={t('editor.save')}
      okButtonProps={{ disabled: !result, ...{ 'data-testid': 'board-editor-save' } }}
      onOk={() => result && onSave(result)}
      onCancel={onCancel}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical" data-testid="board-editor">
        <Form.Item label={t('editor.kind')}>
          <Segmented<BoardCard['kind']>
            value={draft.kind}
            disabled={card !== undefined}
            data-testid="board-editor-kind"
            options={[
              { value: 'indicator', label: t('kind.indicator') },
              { value: 'trend', label: t('kind.trend') },
            ]}
            onChange={(kind) => set({ kind })}
          />
        </Form.Item>
        {warn ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="board-indicator-warning"
            message={t('editor.indicatorSuggestion', { max: BoardLimits.indicatorSuggested })}
          />
        ) : null}
        <Form.Item label={t('editor.title')}>
          <Input
            value={draft.title}
            maxLength={50}
            placeholder={t('editor.titlePlaceholder')}
            onChange={(e) => set({ title: e.target.value })}
            data-testid="board-editor-title"
          />
        </Form.Item>
        <Form.Item label={t('editor.device')}>
          <DevicePicker
            value={deviceId}
            current={picked.device.data}
            testId="board-editor-device"
            className="board-editor-picker"
            onChange={(id) => {
              setDeviceId(id);
              if (draft.kind === 'indicator') set({ deviceId: id, tagId: undefined });
            }}
          />
        </Form.Item>
        <Form.Item
          label={
            draft.kind === 'indicator' ? t('editor.tag') : t('editor.tags', { max: BoardLimits.trendTagsMax })
          }
        >
          <TagPicker
            tags={picked.tags}
            testId="board-editor-tags"
            max={draft.kind === 'indicator' ? 1 : BoardLimits.trendTagsMax}
            value={
              draft.kind === 'indicator'
                ? draft.tagId !== undefined && draft.deviceId === deviceId
                  ? [draft.tagId]
                  : []
                : draft.pairs.filter((p) => p.device_id === deviceId).map((p) => p.tag_id)
            }
            onChange={(ids) => {
              if (deviceId === undefined) return;
              if (draft.kind === 'indicator') set({ deviceId, tagId: ids[ids.length - 1] });
              else {
                remember(deviceId, ids);
                set({ pairs: withDeviceTags(draft.pairs, deviceId, ids) });
              }
            }}
            loading={picked.loadingTags}
            disabled={deviceId === undefined}
          />
        </Form.Item>
        {draft.kind === 'trend' && draft.pairs.length > 0 ? (
          <Space size={[4, 4]} wrap style={{ marginBottom: 16 }} data-testid="board-editor-pairs">
            {draft.pairs.map((p) => (
              <Tag
                key={`${p.device_id}:${p.tag_id}`}
                closable
                onClose={() => set({ pairs: draft.pairs.filter((x) => x !== p) })}
              >
                {label(p.device_id, p.tag_id)}
              </Tag>
            ))}
          </Space>
        ) : null}
        <Form.Item label={draft.kind === 'indicator' ? t('editor.statsWindow') : t('editor.window')}>
          <Select<number>
            value={draft.windowMs}
            onChange={(windowMs) => set({ windowMs })}
            options={boardWindows.map((w) => ({ value: w, label: t(`window.${w}`) }))}
            data-testid="board-editor-window"
          />
        </Form.Item>
        {draft.kind === 'indicator' ? (
          <ThresholdInputs value={draft.thresholds} onChange={(thresholds) => set({ thresholds })} />
        ) : null}
      </Form>
    </Modal>
  );
}

/** An indicator's four thresholds (empty: none). */
function ThresholdInputs({
  value,
  onChange,
}: {
  value: BoardThresholds;
  onChange(value: BoardThresholds): void;
}) {
  const { t } = useTranslation('board');
  return (
    <Form.Item label={t('editor.thresholds')} extra={t('editor.thresholdsHelp')}>
      <Space wrap>
        {thresholdKeys.map((k) => (
          <InputNumber<number>
            key={k}
            value={value[k]}
            placeholder={t(`threshold.${k}`)}
            aria-label={t(`threshold.${k}`)}
            onChange={(v) => onChange({ ...value, [k]: v ?? null })}
            style={{ width: 120 }}
          />
        ))}
      </Space>
    </Form.Item>
  );
}
