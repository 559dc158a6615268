import { memo, useCallback, useMemo, useRef, type MouseEvent } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenDocument, ScreenWidget } from '@hmi/domain';
import type { EditorAction } from './editor-state.ts';
import { paintOrder } from './widget-arrange.ts';

/*
 * The layers list: every widget from the front one down (the stacking order), its id and type.
 * A click selects it (shift or ctrl adds or removes it); the lock keeps it from being moved on
 * the canvas; the eye hides it in the designer only (the screen still shows it: hiding is not
 * part of the document).
 */

interface Props {
  doc: ScreenDocument;
  selection: readonly string[];
  hidden: ReadonlySet<string>;
  readOnly: boolean;
  dispatch(action: EditorAction): void;
  onToggleHidden(id: string): void;
}

interface RowProps {
  widget: ScreenWidget;
  selected: boolean;
  hidden: boolean;
  readOnly: boolean;
  onPick(id: string, add: boolean): void;
  onLock(id: string, locked: boolean): void;
  onToggleHidden(id: string): void;
}

const LayerRow = memo(function LayerRow(p: RowProps) {
  const { t } = useTranslation('designer');
  const { widget: w } = p;
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <div
      role="option"
      aria-selected={p.selected}
      className={`designer-layer-row${p.selected ? ' is-selected' : ''}${p.hidden ? ' is-hidden' : ''}`}
      onClick={(e) => p.onPick(w.id, e.shiftKey || e.ctrlKey || e.metaKey)}
      data-testid={`designer-layer-${w.id}`}
    >
      <span className="designer-layer-name">{w.id}</span>
      <span className="designer-layer-type">{t(`type.${w.type}`)}</span>
      <span className="designer-layer-tools" onClick={stop}>
        <Tooltip title={t(w.locked ? 'layers.unlock' : 'layers.lock')}>
          <Button
            size="small"
            type="text"
            disabled={p.readOnly}
            icon={w.locked ? <LockOutlined /> : <UnlockOutlined />}
            onClick={() => p.onLock(w.id, !w.locked)}
            aria-label={t(w.locked ? 'layers.unlock' : 'layers.lock')}
            data-testid={`designer-layer-lock-${w.id}`}
          />
        </Tooltip>
        <Tooltip title={t(p.hidden ? 'layers.show' : 'layers.hide')}>
          <Button
            size="small"
            type="text"
            icon={p.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
            onClick={() => p.onToggleHidden(w.id)}
            aria-label={t(p.hidden ? 'layers.show' : 'layers.hide')}
          />
        </Tooltip>
      </span>
    </div>
  );
});

export function LayersPanel({ doc, selection, hidden, readOnly, dispatch, onToggleHidden }: Props) {
  const { t } = useTranslation('designer');
  const front = useMemo(() => paintOrder(doc.widgets).reverse(), [doc.widgets]);
  const chosen = useMemo(() => new Set(selection), [selection]);
  // Read at the click: the rows' handlers stay the same object, so a new selection re-renders
  // only the rows whose `selected` changed.
  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const onPick = useCallback(
    (id: string, add: boolean) => {
      const now = selectionRef.current;
      const ids = !add ? [id] : now.includes(id) ? now.filter((s) => s !== id) : [...now, id];
      dispatch({ type: 'select', ids });
    },
    [dispatch],
  );
  const onLock = useCallback(
    (id: string, locked: boolean) => dispatch({ type: 'lock', locked, ids: [id] }),
    [dispatch],
  );
  return (
    <div className="designer-layers" data-testid="designer-layers">
      <div className="designer-side-title">{t('layers.title', { count: doc.widgets.length })}</div>
      {front.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layers.empty')} />
      ) : (
        <div role="listbox" aria-multiselectable className="designer-layer-list">
          {front.map((i) => {
            const w = doc.widgets[i]!;
            return (
              <LayerRow
                key={w.id}
                widget={w}
                selected={chosen.has(w.id)}
                hidden={hidden.has(w.id)}
                readOnly={readOnly}
                onPick={onPick}
                onLock={onLock}
                onToggleHidden={onToggleHidden}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
