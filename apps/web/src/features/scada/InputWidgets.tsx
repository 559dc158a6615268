import { useState, type KeyboardEvent } from 'react';
import { Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayedNumber, engineeringBounds, inverseTransform } from './format-value.ts';
import { switchOn } from './indicator-logic.ts';
import type { BodyProps } from './widget-body.ts';

/*
 * The input family: numeric and text inputs (show the tag's value; what is typed is written on
 * Enter, Escape or leaving the field puts the value back) and the switch (shows on while the tag
 * holds onValue; a press asks for the other state). The numeric input edits engineering units
 * and writes the raw value (inverseTransform); its min/max are raw, as the server checks them,
 * and are shown converted. Inert while designing.
 */

/** Escape drops what was typed. */
const onEscape = (revert: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Escape') revert();
};

export function NumericInputBody({ widget, cell, run, act }: BodyProps<'numeric-input'>) {
  const { t } = useTranslation('scada');
  const transform = widget.binding?.transform;
  const bounds = engineeringBounds(widget.props.min, widget.props.max, transform);
  const shown = displayedNumber(cell?.value, transform);
  // undefined: not editing (the live value shows).
  const [draft, setDraft] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const revert = () => {
    setDraft(undefined);
    setError(undefined);
  };
  const commit = () => {
    if (draft === undefined) return;
    if (draft === null || !Number.isFinite(draft)) return setError(t('widget.notNumber'));
    if ((bounds.min !== undefined && draft < bounds.min) || (bounds.max !== undefined && draft > bounds.max))
      return setError(t('widget.outOfRange', { min: bounds.min ?? '-∞', max: bounds.max ?? '∞' }));
    act({ value: inverseTransform(draft, transform) });
    revert();
  };
  return (
    <InputNumber
      className="scada-input"
      value={draft === undefined ? shown : draft}
      readOnly={!run}
      tabIndex={run ? undefined : -1}
      status={error ? 'error' : undefined}
      title={error}
      controls={false}
      onChange={(v) => {
        setError(undefined);
        setDraft(typeof v === 'number' ? v : null);
      }}
      onPressEnter={commit}
      onBlur={revert}
      onKeyDown={onEscape(revert)}
      data-testid="scada-numeric-input"
    />
  );
}

export function TextInputBody({ widget, cell, run, act }: BodyProps<'text-input'>) {
  const { t } = useTranslation('scada');
  const shown = cell?.value === null || cell?.value === undefined ? '' : String(cell.value);
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const revert = () => {
    setDraft(undefined);
    setError(undefined);
  };
  const commit = () => {
    if (draft === undefined) return;
    const min = widget.props.min;
    if (min !== undefined && draft.length < min) return setError(t('widget.tooShort', { min }));
    act({ value: draft });
    revert();
  };
  return (
    <Input
      className="scada-input"
      value={draft ?? shown}
      readOnly={!run}
      tabIndex={run ? undefined : -1}
      maxLength={widget.props.max}
      status={error ? 'error' : undefined}
      title={error}
      onChange={(e) => {
        setError(undefined);
        setDraft(e.target.value);
      }}
      onPressEnter={commit}
      onBlur={revert}
      onKeyDown={onEscape(revert)}
      data-testid="scada-text-input"
    />
  );
}

/** A switch filling its box: the knob right and the track lit while on; a press asks for the other state. */
export function SwitchBody({ widget, cell, run, act }: BodyProps<'switch'>) {
  const { t } = useTranslation('scada');
  const on = switchOn(cell?.value ?? null, widget.props.onValue);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className={`scada-switch${on ? ' scada-switch-on' : ''}`}
      tabIndex={run ? undefined : -1}
      onClick={run ? () => act({ value: !on }) : undefined}
      title={t(on ? 'widget.on' : 'widget.off')}
      data-testid="scada-switch"
    >
      <span className="scada-switch-knob" />
    </button>
  );
}
