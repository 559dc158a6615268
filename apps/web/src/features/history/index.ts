/** Public entry of features/history: what other features use of it (the only way they reach it). */
export { HistoryChart } from './HistoryChart.tsx';
export type { LegendTag } from './HistoryLegend.tsx';
export { TagPicker } from './TagPicker.tsx';
export { historyParamsToSearch } from './history-params.ts';
export { type TimeRange, presetRange, seriesWidth, timezoneOffsetHours, zoomTo } from './history-range.ts';
export { buildChartData } from './history-series.ts';
export { envelopeOrBytes, historyApi, historyKeys } from './history.api.ts';
export { save } from './use-history-export.ts';
export { useHistorySeries } from './use-history-queries.ts';
export { useHistoryDevice } from './use-history-device.ts';
