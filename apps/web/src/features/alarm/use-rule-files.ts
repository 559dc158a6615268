import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type AlarmImportErrors } from '@hmi/domain';
import { successToast, toasts } from '../../shared/feedback/notifier.ts';
import { currentLocale } from '../../shared/i18n/i18n.ts';
import { isApiError } from '../../shared/http/http-errors.ts';
import { save } from '../history/index.ts';
import { toastFailure } from '../../shared/feedback/toast-failure.ts';
import { fieldErrorsOf } from '../../shared/feedback/place-failure.ts';
import { alarmApi } from './alarm.api.ts';
import { importRowsOf } from './import-rows.ts';
import { checkImportFile } from './import-file.ts';
import { useIssueText } from './issue-text.ts';
import { useAlarmRuleMutations } from './use-alarm-rules.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A refused import: the file's name and every bad row. */
export interface RefusedImport {
  fileName: string;
  rows: AlarmImportErrors['rows'];
}

/** File names keep letters of any script, digits, dot, dash and underscore. */
const safeStem = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'alarms';

/**
 * Import, export and the import template of a template's rules. An import is all or nothing:
 * a 1006 with rows opens the error table (`refused`), anything else is a toast.
 */
export function useRuleFiles(templateId: number | undefined, templateName: string) {
  const { t } = useTranslation('alarm');
  const issueText = useIssueText();
  const { import: importing } = useAlarmRuleMutations();
  const [busy, setBusy] = useState<'export' | 'template' | null>(null);
  const [refused, setRefused] = useState<RefusedImport>();

  const importFile = (file: File) => {
    if (templateId === undefined) return;
    const problem = checkImportFile(file);
    if (problem) {
      toasts.error(issueText(problem));
      return;
    }
    importing.mutate(
      { templateId, file },
      {
        onSuccess: (r) =>
          successToast(
            r.groups_created > 0
              ? t('import.doneGroups', { count: r.imported, groups: r.groups_created })
              : t('import.done', { count: r.imported }),
          ),
        onError: (e) => {
          const bad = isApiError(e) && e.code === ErrorCode.E1006_BAD_PARAMETER;
          const rows = bad ? importRowsOf(e.data) : undefined;
          // A fault of the whole file (not a workbook, too many rows...) names itself in `errors`.
          const fault = bad ? fieldErrorsOf(e.data)[0] : undefined;
          if (rows && rows.length > 0) setRefused({ fileName: file.name, rows });
          else if (fault) toasts.error(issueText(fault));
          else toastFailure(e);
        },
      },
    );
  };

  const download = async (kind: 'export' | 'template') => {
    setBusy(kind);
    try {
      if (kind === 'export' && templateId !== undefined) {
        save(
          await alarmApi.exportRules(templateId),
          XLSX,
          `${safeStem(templateName)}-${t('files.rules')}.xlsx`,
        );
      } else if (kind === 'template') {
        save(await alarmApi.importTemplate(currentLocale()), XLSX, `${t('files.template')}.xlsx`);
      }
    } catch (e) {
      toastFailure(e);
    } finally {
      setBusy(null);
    }
  };

  return {
    importFile,
    importing: importing.isPending,
    exportRules: () => void download('export'),
    downloadTemplate: () => void download('template'),
    busy,
    refused,
    clearRefused: () => setRefused(undefined),
  };
}
