import type { ReactNode } from 'react';
import { Button, Divider, Dropdown, Select, Space, Switch, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BorderOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  ExpandOutlined,
  EyeOutlined,
  LockOutlined,
  RedoOutlined,
  SaveOutlined,
  SnippetsOutlined,
  SwapOutlined,
  UndoOutlined,
  UnlockOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from './editor-state.ts';
import type { AlignEdge } from './widget-arrange.ts';
import { zoomStep } from './zoom.ts';

/*
 * The designer's toolbar: undo and redo, delete, copy and paste, align and distribute the
 * selection, its stacking order and lock, the zoom, the grid, the live preview and save. Every
 * button has its name as a tooltip and an aria-label (most are icons).
 */

export const GRID_STEPS = [0, 5, 10, 20, 50] as const;

interface Props {
  selected: number;
  anyLocked: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canPaste: boolean;
  readOnly: boolean;
  zoom: number;
  grid: number;
  showGrid: boolean;
  preview: boolean;
  dirty: boolean;
  saving: boolean;
  dispatch(action: EditorAction): void;
  onZoom(next: number | 'fit'): void;
  onGrid(step: number): void;
  onShowGrid(on: boolean): void;
  onPreview(on: boolean): void;
  onSave(): void;
}

function Tool(p: { label: string; icon: ReactNode; disabled?: boolean; onClick(): void; testId?: string }) {
  return (
    <Tooltip title={p.label}>
      <Button
        type="text"
        size="small"
        icon={p.icon}
        aria-label={p.label}
        disabled={p.disabled}
        onClick={p.onClick}
        data-testid={p.testId}
      />
    </Tooltip>
  );
}

const ALIGN: [AlignEdge, ReactNode][] = [
  ['left', <AlignLeftOutlined key="l" />],
  ['center', <AlignCenterOutlined key="c" />],
  ['right', <AlignRightOutlined key="r" />],
  ['top', <VerticalAlignTopOutlined key="t" />],
  ['middle', <VerticalAlignMiddleOutlined key="m" />],
  ['bottom', <VerticalAlignBottomOutlined key="b" />],
];

function EditTools({ selected, anyLocked, canUndo, canRedo, canPaste, readOnly, dispatch }: Props) {
  const { t } = useTranslation('designer');
  const none = readOnly || selected === 0;
  const order = (how: 'front' | 'forward' | 'backward' | 'back') => ({
    key: how,
    label: t(`order.${how}`),
    onClick: () => dispatch({ type: 'order', how }),
  });
  return (
    <Space size={0} wrap>
      <Tool
        label={t('tool.undo')}
        icon={<UndoOutlined />}
        disabled={readOnly || !canUndo}
        onClick={() => dispatch({ type: 'undo' })}
        testId="designer-undo"
      />
      <Tool
        label={t('tool.redo')}
        icon={<RedoOutlined />}
        disabled={readOnly || !canRedo}
        onClick={() => dispatch({ type: 'redo' })}
        testId="designer-redo"
      />
      <Divider type="vertical" />
      <Tool
        label={t('tool.delete')}
        icon={<DeleteOutlined />}
        disabled={none}
        onClick={() => dispatch({ type: 'delete' })}
        testId="designer-delete"
      />
      <Tool
        label={t('tool.copy')}
        icon={<CopyOutlined />}
        disabled={selected === 0}
        onClick={() => dispatch({ type: 'copy' })}
      />
      <Tool
        label={t('tool.paste')}
        icon={<SnippetsOutlined />}
        disabled={readOnly || !canPaste}
        onClick={() => dispatch({ type: 'paste' })}
      />
      <Divider type="vertical" />
      {ALIGN.map(([edge, icon]) => (
        <Tool
          key={edge}
          label={t(`align.${edge}`)}
          icon={icon}
          disabled={none}
          onClick={() => dispatch({ type: 'align', edge })}
          testId={`designer-align-${edge}`}
        />
      ))}
      <Tool
        label={t('distribute.horizontal')}
        icon={<ColumnWidthOutlined />}
        disabled={readOnly || selected < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'horizontal' })}
      />
      <Tool
        label={t('distribute.vertical')}
        icon={<ColumnHeightOutlined />}
        disabled={readOnly || selected < 3}
        onClick={() => dispatch({ type: 'distribute', axis: 'vertical' })}
      />
      <Dropdown
        disabled={none}
        menu={{ items: [order('front'), order('forward'), order('backward'), order('back')] }}
      >
        <Button
          type="text"
          size="small"
          icon={<SwapOutlined rotate={90} />}
          disabled={none}
          data-testid="designer-order"
        >
          {t('order.title')}
        </Button>
      </Dropdown>
      <Tool
        label={t(anyLocked ? 'tool.unlock' : 'tool.lock')}
        icon={anyLocked ? <UnlockOutlined /> : <LockOutlined />}
        disabled={none}
        onClick={() => dispatch({ type: 'lock', locked: !anyLocked })}
        testId="designer-lock"
      />
    </Space>
  );
}

/** Zoom and grid (the canvas's view; none while previewing). */
function ViewTools(props: Props) {
  const { t } = useTranslation('designer');
  const { zoom, grid, showGrid } = props;
  return (
    <>
      <Tool
        label={t('zoom.out')}
        icon={<ZoomOutOutlined />}
        onClick={() => props.onZoom(zoomStep(zoom, false))}
      />
      <Button type="text" size="small" onClick={() => props.onZoom(1)} data-testid="designer-zoom">
        {`${Math.round(zoom * 100)}%`}
      </Button>
      <Tool
        label={t('zoom.in')}
        icon={<ZoomInOutlined />}
        onClick={() => props.onZoom(zoomStep(zoom, true))}
      />
      <Tool
        label={t('zoom.fit')}
        icon={<ExpandOutlined />}
        onClick={() => props.onZoom('fit')}
        testId="designer-zoom-fit"
      />
      <Divider type="vertical" />
      <Tooltip title={t('grid.show')}>
        <Switch
          size="small"
          checked={showGrid}
          onChange={props.onShowGrid}
          checkedChildren={<BorderOutlined />}
          unCheckedChildren={<BorderOutlined />}
          aria-label={t('grid.show')}
        />
      </Tooltip>
      <Select<number>
        size="small"
        value={grid}
        onChange={props.onGrid}
        aria-label={t('grid.snap')}
        options={GRID_STEPS.map((s) => ({
          value: s,
          label: s === 0 ? t('grid.off') : t('grid.step', { px: s }),
        }))}
        popupMatchSelectWidth={false}
        data-testid="designer-grid"
      />
    </>
  );
}

export function DesignerToolbar(props: Props) {
  const { t } = useTranslation('designer');
  const { preview, dirty, saving, readOnly } = props;
  return (
    <div className="designer-toolbar" data-testid="designer-toolbar">
      {preview ? (
        <span className="designer-preview-note">{t('preview.note')}</span>
      ) : (
        <EditTools {...props} />
      )}
      <Space size={4} wrap className="designer-toolbar-end">
        {preview ? null : <ViewTools {...props} />}
        <Divider type="vertical" />
        <Space size={4}>
          <EyeOutlined />
          <span>{t('preview.toggle')}</span>
          <Switch size="small" checked={preview} onChange={props.onPreview} data-testid="designer-preview" />
        </Space>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={readOnly || !dirty}
          onClick={props.onSave}
          data-testid="designer-save"
        >
          {dirty ? t('save.dirty') : t('save.clean')}
        </Button>
      </Space>
    </div>
  );
}
