import type { TemplateItem, TemplateTag } from '@hmi/domain';
import type { TemplateTagRow } from '../../db/tables/catalogue.ts';
import type { TemplateWithCounts } from './template.repo.ts';

/** A template as lists and details show it; `locked`: beyond the team's allowance (billing). */
export const presentTemplateItem = (t: TemplateWithCounts, locked: boolean): TemplateItem => ({
  id: t.id,
  name: t.name,
  type: t.type,
  data_center: t.data_center,
  hmi_model: t.hmi_model,
  default_value: t.default_value,
  description: t.description,
  version: t.version,
  device_count: t.device_count,
  tag_count: t.tag_count,
  created_at: t.created_at,
  updated_at: t.updated_at,
  locked,
});

export const presentTemplateTag = (t: TemplateTagRow): TemplateTag => ({
  id: t.id,
  name: t.name,
  data_type: t.data_type,
  rw: t.rw,
  address: t.address,
  unit: t.unit,
  decimals: t.decimals,
  description: t.description,
});
