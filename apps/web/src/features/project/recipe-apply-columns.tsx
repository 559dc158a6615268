import { Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { TableColumnsType } from 'antd';
import type { RecipeItemResult } from '@hmi/domain';
import { errorText } from '../../shared/i18n/i18n.ts';
import { formatTagValue } from '../monitor/index.ts';
import type { RecipeTag } from './use-recipe-tags.ts';

/** One line of the apply results: an item's outcome with its key in the recipe's order. */
export interface ResultLine extends RecipeItemResult {
  key: number;
}

interface Names {
  /** How the device is named: its name, hidden, or by number once it left the project. */
  device(id: number): string;
  tags: ReadonlyMap<number, readonly RecipeTag[]>;
}

/** The item's value as the device got it: BOOL as 0/1, numbers and text as stored. */
function valueText(r: RecipeItemResult, tag: RecipeTag | undefined): string {
  return formatTagValue(r.value, tag?.data_type ?? -1, 0);
}

function Outcome({ r, t }: { r: RecipeItemResult; t: TFunction }) {
  return r.ok ? (
    <Tag color="success" icon={<CheckCircleOutlined />} data-testid="recipe-result-ok">
      {t('recipe.apply.written')}
    </Tag>
  ) : (
    <Typography.Text type="danger" data-testid="recipe-result-failed" data-code={r.code}>
      <CloseCircleOutlined className="recipe-result-icon" />
      {errorText(r.code ?? 'ERR_NETWORK')}
    </Typography.Text>
  );
}

/**
 * Columns of the apply results: device, tag, value and the outcome (written, or the translated
 * refusal of the tag write: 1038 offline, 2003 no answer, 1002 the device's zone, 1089 no longer in
 * the project...). On phones two: the item (device over tag) and the value over the outcome.
 */
export function resultColumns(t: TFunction, names: Names, compact: boolean): TableColumnsType<ResultLine> {
  const tagOf = (r: RecipeItemResult) => names.tags.get(r.device_id)?.find((tg) => tg.id === r.tag_id);
  const device = (r: RecipeItemResult) => names.device(r.device_id);
  const tag = (r: RecipeItemResult) => tagOf(r)?.name ?? t('recipe.unknownTag', { id: r.tag_id });
  const value = (r: RecipeItemResult) => <span className="recipe-value-text">{valueText(r, tagOf(r))}</span>;
  if (compact)
    return [
      {
        title: t('recipe.apply.item'),
        key: 'item',
        render: (_v, r) => (
          <div className="recipe-result-stack">
            <span>{device(r)}</span>
            <Typography.Text type="secondary">{tag(r)}</Typography.Text>
          </div>
        ),
      },
      {
        title: t('recipe.apply.outcome'),
        key: 'outcome',
        render: (_v, r) => (
          <div className="recipe-result-stack">
            {value(r)}
            <Outcome r={r} t={t} />
          </div>
        ),
      },
    ];
  return [
    { title: t('recipe.field.device'), key: 'device', ellipsis: true, render: (_v, r) => device(r) },
    { title: t('recipe.field.tag'), key: 'tag', ellipsis: true, render: (_v, r) => tag(r) },
    { title: t('recipe.field.value'), key: 'value', width: 110, ellipsis: true, render: (_v, r) => value(r) },
    { title: t('recipe.apply.outcome'), key: 'outcome', render: (_v, r) => <Outcome r={r} t={t} /> },
  ];
}
