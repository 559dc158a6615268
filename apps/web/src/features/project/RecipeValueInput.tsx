import { Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { TagDataType, type RecipeValue } from '@hmi/domain';
import { parseWriteInput } from '../monitor/index.ts';

/** Most characters of a STRING value (settagValue). */
const STRING_MAX = 4096;

interface Props {
  /** Form.Item's value and onChange. */
  value?: RecipeValue;
  onChange?(value: RecipeValue | undefined): void;
  /** The picked tag's data type; undefined while no tag is picked. */
  dataType: number | undefined;
  disabled?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
}

/** A number typed for the tag: reals as numbers, integers too, 64-bit ones beyond 2^53 as exact text. */
function numberOf(text: string | null, dataType: number): RecipeValue | undefined {
  if (text === null || text.trim() === '') return undefined;
  const parsed = parseWriteInput(text, dataType);
  // Kept as typed when it does not fit: the row's rule says why.
  return parsed.ok ? parsed.value : text;
}

/**
 * An item's value, typed by its tag: a switch (0/1) for BOOL, a number box for the numeric types,
 * text for STRING; disabled until the row has a tag.
 */
export function RecipeValueInput({ value, onChange, dataType, disabled, id, ...aria }: Props) {
  const { t } = useTranslation('project');
  const label = t('recipe.field.value');
  if (dataType === TagDataType.BOOL)
    return (
      <Switch
        id={id}
        checked={value === true || value === 1}
        onChange={(on) => onChange?.(on)}
        checkedChildren="1"
        unCheckedChildren="0"
        disabled={disabled}
        aria-label={label}
        data-testid="recipe-item-bool"
      />
    );
  if (dataType === TagDataType.STRING)
    return (
      <Input
        id={id}
        value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
        onChange={(e) => onChange?.(e.target.value)}
        maxLength={STRING_MAX}
        disabled={disabled}
        placeholder={t('recipe.valueText')}
        aria-label={label}
        {...aria}
        data-testid="recipe-item-text"
      />
    );
  return (
    <InputNumber<string>
      id={id}
      stringMode
      value={value === undefined || typeof value === 'boolean' ? null : String(value)}
      onChange={(v) => dataType !== undefined && onChange?.(numberOf(v, dataType))}
      // Whole steps for every type: a fractional step would show 40 as 40.0.
      step={1}
      disabled={disabled || dataType === undefined}
      placeholder={dataType === undefined ? t('recipe.pickTagFirst') : t('recipe.valueNumber')}
      aria-label={label}
      {...aria}
      className="recipe-value-number"
      data-testid="recipe-item-number"
    />
  );
}
