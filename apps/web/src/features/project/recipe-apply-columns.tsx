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
  /** The device's name; undefined for a device the user does not see. */
  device(id: number): string | undefined;
  tags: ReadonlyMap<number, readonly RecipeTag[]>;
}

/** The item's value as the device got it: BOOL as 0/1, numbers and text as stored. */
function valueText(r: RecipeItemResult, tag: RecipeTag | undefined): string {
  return formatTagValue(r.value, tag?.data_type ?? -1, 0);
}

/**
 * Columns of the apply results: device, tag, value and the outcome (written, or the translated
 * refusal of the tag write: 1038 offline, 2003 no answer, 1002 the device's zone, 1089 no longer in
 * the project...).
 */
export function resultColumns(t: TFunction, names: Names): TableColumnsType<ResultLine> {
  const tagOf = (r: RecipeItemResult) => names.tags.get(r.device_id)?.find((tg) => tg.id === r.tag_id);
  return [
    {
      title: t('recipe.field.device'),
      key: 'device',
      ellipsis: true,
      render: (_v, r) => names.device(r.device_id) ?? t('detail.hidden'),
    },
    {
      title: t('recipe.field.tag'),
      key: 'tag',
      ellipsis: true,
      render: (_v, r) => tagOf(r)?.name ?? t('recipe.unknownTag', { id: r.tag_id }),
    },
    {
      title: t('recipe.field.value'),
      key: 'value',
      width: 110,
      ellipsis: true,
      render: (_v, r) => <span className="recipe-value-text">{valueText(r, tagOf(r))}</span>,
    },
    {
      title: t('recipe.apply.outcome'),
      key: 'outcome',
      render: (_v, r) =>
        r.ok ? (
          <Tag color="success" icon={<CheckCircleOutlined />} data-testid="recipe-result-ok">
            {t('recipe.apply.written')}
          </Tag>
        ) : (
          <Typography.Text type="danger" data-testid="recipe-result-failed" data-code={r.code}>
            <CloseCircleOutlined className="recipe-result-icon" />
            {errorText(r.code ?? 'ERR_NETWORK')}
          </Typography.Text>
        ),
    },
  ];
}
