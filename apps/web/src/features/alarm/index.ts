/** Public entry of features/alarm: what other features use of it (the only way they reach it). */
export { AlarmAckForm } from './AlarmAckForm.tsx';
export { AlarmLevelTag } from './AlarmLevelTag.tsx';
export { AlarmRecordDetails } from './AlarmRecordDetails.tsx';
export { AlarmStateBadge } from './AlarmStateBadge.tsx';
export { AlarmStatusCell } from './AlarmStatusCell.tsx';
export { alarmLevels, levelColor, levelMask, levelsOfMask } from './alarm-levels.ts';
export { alarmApi } from './alarm.api.ts';
export { useAcknowledge, useAlarmRecords } from './use-alarm-records.ts';
export { ImportErrorsDialog } from './ImportErrorsDialog.tsx';
export { checkImportFile } from './import-file.ts';
export { importRowsOf } from './import-rows.ts';
export { useIssueText } from './issue-text.ts';
