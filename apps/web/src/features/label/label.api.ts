import {
  LabelPaths,
  type LabelAddBody,
  type LabelItem,
  type LabelListReply,
  type LabelRenameBody,
} from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Device label calls (contract: packages/domain/src/api/label.api.ts). Form calls are manual. */
export const labelApi = {
  list: () => http.get<LabelListReply>(LabelPaths.list),
  add: (body: LabelAddBody) => http.post<LabelItem>(LabelPaths.add, body, { manual: true }),
  rename: (body: LabelRenameBody) => http.post<LabelItem>(LabelPaths.rename, body, { manual: true }),
  remove: (id: number) => http.post<null>(LabelPaths.delete, { id }),
};

export const labelKeys = {
  all: ['deviceLabel'] as const,
  list: ['deviceLabel', 'list'] as const,
};
