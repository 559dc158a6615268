import { Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmImportErrors } from '@hmi/domain';
import { importErrorLines, type ImportErrorLine } from './import-file.ts';
import { useIssueText } from './issue-text.ts';

interface Props {
  fileName: string;
  rows: AlarmImportErrors['rows'];
  onClose(): void;
  /** A column's name (another screen's import: the recipes'); default the alarm rule sheet's. */
  columnText?(field: string): string;
}

/** Every bad row of a refused import with its row number, column and the translated message. */
export function ImportErrorsDialog({ fileName, rows, onClose, columnText }: Props) {
  const { t } = useTranslation('alarm');
  const issueText = useIssueText();
  const lines = importErrorLines(rows);
  return (
    <Modal
      open
      title={t('import.failedTitle')}
      onCancel={onClose}
      footer={null}
      width={720}
      data-testid="alarm-import-errors"
    >
      <Typography.Paragraph type="secondary">
        {t('import.failedText', { file: fileName, count: rows.length })}
      </Typography.Paragraph>
      <Table<ImportErrorLine>
        rowKey="key"
        size="small"
        dataSource={lines}
        tableLayout="fixed"
        pagination={lines.length > 50 ? { pageSize: 50, size: 'small', showSizeChanger: false } : false}
        columns={[
          { title: t('import.row'), dataIndex: 'row', width: 64, align: 'right' },
          {
            title: t('import.column'),
            dataIndex: 'field',
            width: 130,
            ellipsis: true,
            render: (f: string) =>
              columnText
                ? columnText(f)
                : t(`import.columns.${f}`, { defaultValue: t(`field.${f}`, { defaultValue: f }) }),
          },
          {
            title: t('import.problem'),
            key: 'issue',
            render: (_v, l) => <span data-testid="alarm-import-error">{issueText(l.issue)}</span>,
          },
        ]}
      />
    </Modal>
  );
}
