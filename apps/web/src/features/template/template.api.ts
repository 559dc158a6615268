import {
  TemplatePaths,
  type TemplateAddBody,
  type TemplateCopyBody,
  type TemplateDetail,
  type TemplateEditBody,
  type TemplateListQuery,
  type TemplateListReply,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Single-device template calls (contract: packages/domain/src/api/template.api.ts). */
export const templateApi = {
  list: (query: TemplateListQuery, signal?: AbortSignal) =>
    http.get<TemplateListReply>(TemplatePaths.list, { params: query, ...(signal ? { signal } : {}) }),
  detail: (id: number) => http.get<TemplateDetail>(TemplatePaths.detail, { params: { id } }),
  add: (body: TemplateAddBody) => http.post<TemplateDetail>(TemplatePaths.add, body, { manual: true }),
  copy: (body: TemplateCopyBody) => http.post<TemplateDetail>(TemplatePaths.copy, body, { manual: true }),
  edit: (body: TemplateEditBody) => http.post<TemplateDetail>(TemplatePaths.edit, body, { manual: true }),
  remove: (id: number) => http.post<null>(TemplatePaths.delete, { id }),
};

export const templateKeys = {
  all: ['template'] as const,
  lists: ['template', 'list'] as const,
  list: (query: TemplateListQuery) => ['template', 'list', query] as const,
  /** Every template of the team for pickers (first 200, name search on the server). */
  options: ['template', 'options'] as const,
  detail: (id: number) => ['template', 'detail', id] as const,
};
