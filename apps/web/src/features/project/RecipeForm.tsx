import { Button, Form, Input, Typography, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RecipeLimits, validateRecipeName, VALIDATION_NAMESPACE, type ProjectDevice } from '@hmi/domain';
import { RecipeItemRow } from './RecipeItemRow.tsx';
import type { RecipeFormValues } from './recipe-items.ts';

interface Props {
  form: FormInstance<RecipeFormValues>;
  readOnly: boolean;
  /** The project's devices the user sees (the rows pick among them). */
  devices: readonly ProjectDevice[];
  /** Items on devices outside the user's data permissions: kept by the server, not shown. */
  hiddenItems: number;
  onValuesChange(): void;
}

/** The items table: a head with the column names, a row per item, add; empty rows say so. */
function RecipeItemsField({ devices, readOnly, hiddenItems }: Omit<Props, 'form' | 'onValuesChange'>) {
  const { t } = useTranslation('project');
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <section className="recipe-items" data-testid="recipe-items">
          <div className="recipe-items-head">
            <Typography.Text strong>{t('recipe.items', { count: fields.length })}</Typography.Text>
            {readOnly ? null : (
              <Button
                size="small"
                icon={<PlusOutlined />}
                disabled={fields.length >= RecipeLimits.itemsMax}
                onClick={() => add({})}
                data-testid="recipe-item-add"
              >
                {t('recipe.addItem')}
              </Button>
            )}
          </div>
          {fields.length === 0 ? (
            <Typography.Paragraph type="secondary" className="recipe-items-empty">
              {t('recipe.noItems')}
            </Typography.Paragraph>
          ) : (
            <div
              className="recipe-item-table"
              role="group"
              aria-label={t('recipe.items', { count: fields.length })}
            >
              <div className={`recipe-item recipe-item-labels ${readOnly ? 'is-read-only' : ''}`} aria-hidden>
                <span>{t('recipe.field.device')}</span>
                <span>{t('recipe.field.tag')}</span>
                <span>{t('recipe.field.value')}</span>
              </div>
              {fields.map((f) => (
                <RecipeItemRow
                  key={f.key}
                  index={f.name}
                  devices={devices}
                  readOnly={readOnly}
                  onRemove={() => remove(f.name)}
                />
              ))}
            </div>
          )}
          {hiddenItems > 0 ? (
            <Typography.Text
              type="secondary"
              className="recipe-hidden-items"
              data-testid="recipe-hidden-items"
            >
              {t('recipe.hiddenItems', { count: hiddenItems })}
            </Typography.Text>
          ) : null}
        </section>
      )}
    </Form.List>
  );
}

/**
 * The recipe editor's fields: the name (checked with the domain's rule the server applies: 1-64
 * characters, not one of the HMI's reserved recipe names in any case, naming the word), the
 * description and the items.
 */
export function RecipeForm({ form, readOnly, devices, hiddenItems, onValuesChange }: Props) {
  const { t } = useTranslation('project');
  const { t: tv } = useTranslation(VALIDATION_NAMESPACE);
  return (
    <Form<RecipeFormValues>
      form={form}
      layout="vertical"
      disabled={readOnly}
      onValuesChange={onValuesChange}
      className="recipe-form"
    >
      <Form.Item
        name="name"
        label={t('recipe.field.name')}
        rules={[
          {
            validator: async (_rule, v: string | undefined) => {
              const r = validateRecipeName(v ?? '');
              if (!r.ok) throw new Error(tv(r.key, { ...r.params }));
            },
          },
        ]}
      >
        <Input maxLength={RecipeLimits.nameMax + 1} autoComplete="off" data-testid="recipe-name" />
      </Form.Item>
      <Form.Item name="description" label={t('recipe.field.description')}>
        <Input.TextArea
          maxLength={RecipeLimits.descriptionMax}
          showCount
          autoSize={{ minRows: 1, maxRows: 4 }}
          data-testid="recipe-description"
        />
      </Form.Item>
      <RecipeItemsField devices={devices} readOnly={readOnly} hiddenItems={hiddenItems} />
    </Form>
  );
}
