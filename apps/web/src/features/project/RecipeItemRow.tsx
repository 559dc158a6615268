import { Button, Form, Select, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { tagDataTypeName, VALIDATION_NAMESPACE, type ProjectDevice } from '@hmi/domain';
import { useRecipeTags, writableTags, type RecipeTag } from './use-recipe-tags.ts';
import { initialValue, isDuplicate, valueProblem, type RecipeFormValues } from './recipe-items.ts';
import { RecipeValueInput } from './RecipeValueInput.tsx';

interface Props {
  /** The row's index in the form's `items`. */
  index: number;
  /** The project's devices the user sees. */
  devices: readonly ProjectDevice[];
  readOnly: boolean;
  onRemove(): void;
}

interface TagOption {
  value: number;
  label: string;
  meta: string;
}

/** The writable tags, plus the row's stored tag when it is not one of them (read-only or gone). */
function tagOptions(tags: readonly RecipeTag[], current: number | undefined, t: TFunction<'project'>) {
  const meta = (tg: RecipeTag) => [tagDataTypeName(tg.data_type), tg.unit].filter(Boolean).join(' · ');
  const options: TagOption[] = writableTags(tags).map((tg) => ({
    value: tg.id,
    label: tg.name,
    meta: meta(tg),
  }));
  if (current !== undefined && !options.some((o) => o.value === current)) {
    const stored = tags.find((tg) => tg.id === current);
    options.push(
      stored
        ? { value: current, label: stored.name, meta: t('recipe.readOnlyTag') }
        : { value: current, label: t('recipe.unknownTag', { id: current }), meta: '' },
    );
  }
  return options;
}

/**
 * One row of the recipe's items: a device of the project, one of its writable tags and the value,
 * typed by the tag. Picking another device clears the tag; another tag resets the value to what
 * its type starts with. Each (device, tag) once, as the server requires.
 */
export function RecipeItemRow({ index, devices, readOnly, onRemove }: Props) {
  const { t } = useTranslation('project');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  const form = Form.useFormInstance<RecipeFormValues>();
  const deviceId = Form.useWatch(['items', index, 'device_id'], form) as number | undefined;
  const tagId = Form.useWatch(['items', index, 'tag_id'], form) as number | undefined;
  const { tags, loading } = useRecipeTags(deviceId);
  const tag = tags.find((tg) => tg.id === tagId);
  const deviceOptions = devices.map((d) => ({ value: d.id, label: d.name }));
  if (deviceId !== undefined && !devices.some((d) => d.id === deviceId))
    deviceOptions.push({ value: deviceId, label: t('recipe.deviceGone', { id: deviceId }) });

  return (
    <div className="recipe-item" data-testid="recipe-item" data-row={index}>
      <Form.Item
        name={[index, 'device_id']}
        rules={[{ required: true, message: t('recipe.deviceRequired') }]}
        className="recipe-item-device"
      >
        <Select
          options={deviceOptions}
          placeholder={t('recipe.field.device')}
          aria-label={t('recipe.field.device')}
          showSearch={{ optionFilterProp: 'label' }}
          // Another device: its tags differ, so the row starts again from the device.
          onChange={() =>
            form.setFields([
              { name: ['items', index, 'tag_id'], value: undefined, errors: [] },
              { name: ['items', index, 'value'], value: undefined, errors: [] },
            ])
          }
          data-testid="recipe-item-device"
        />
      </Form.Item>
      <Form.Item
        name={[index, 'tag_id']}
        dependencies={[['items', index, 'device_id']]}
        rules={[
          { required: true, message: t('recipe.tagRequired') },
          {
            validator: async () => {
              if (isDuplicate(form.getFieldValue('items') as RecipeFormValues['items'], index))
                throw new Error(tv('validation.recipeItem.duplicate'));
            },
          },
        ]}
        className="recipe-item-tag"
      >
        <Select<number, TagOption>
          options={tagOptions(tags, tagId, t)}
          loading={loading}
          disabled={readOnly || deviceId === undefined}
          placeholder={deviceId === undefined ? t('recipe.pickDeviceFirst') : t('recipe.field.tag')}
          aria-label={t('recipe.field.tag')}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent={loading ? undefined : t('recipe.noWritableTags')}
          optionRender={(o) => (
            <span className="recipe-tag-option">
              <span>{o.data.label}</span>
              <span className="recipe-tag-meta">{o.data.meta}</span>
            </span>
          )}
          onChange={(id: number) => {
            const picked = tags.find((tg) => tg.id === id);
            // A new tag, a new value: what its type starts with, no error of the old one.
            form.setFields([
              { name: ['items', index, 'value'], value: initialValue(picked?.data_type), errors: [] },
            ]);
          }}
          data-testid="recipe-item-tag"
        />
      </Form.Item>
      <Form.Item
        name={[index, 'value']}
        rules={[
          {
            validator: async (_rule, v: Parameters<typeof valueProblem>[0]) => {
              if (!tag) return;
              const problem = valueProblem(v, tag.data_type);
              if (problem?.key === 'required') throw new Error(t('recipe.valueRequired'));
              if (problem) throw new Error(tv('validation.recipeItem.value', problem.params));
            },
          },
        ]}
        className="recipe-item-value"
      >
        <RecipeValueInput dataType={tag?.data_type} disabled={readOnly || tag === undefined} />
      </Form.Item>
      {readOnly ? null : (
        <Tooltip title={t('recipe.removeItem')}>
          <Button
            type="text"
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={t('recipe.removeItem')}
            className="recipe-item-remove"
            data-testid="recipe-item-remove"
          />
        </Tooltip>
      )}
    </div>
  );
}
