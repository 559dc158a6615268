/** Public entry of features/scada: the screen runtime and the widget renderers the designer reuses. */
export { WidgetView, isBound, type WidgetViewProps } from './WidgetView.tsx';
export { ScreenView, type ScreenViewProps } from './ScreenView.tsx';
export { widgetBoxStyle, inDrawingOrder } from './widget-box.ts';
export { screenFit, effectiveScale, PHONE_MAX_WIDTH, type ScreenFit } from './screen-fit.ts';
export { formatValue, applyTransform, inverseTransform } from './format-value.ts';
export { ScreenRuntimeContext, type ScreenRuntime } from './screen-context.ts';
export { scadaApi, scadaKeys } from './scada.api.ts';
export {
  tagKey,
  type CellsByTag,
  type LiveCell,
  type LiveQuality,
  type WidgetActionEvent,
} from './widget-types.ts';
export { stepOf, useScreenActions, type ScreenStep } from './use-screen-actions.ts';
export { sniffAssetKind, useAssetUrls, type AssetFiles } from './use-asset-urls.ts';
export {
  isShareRefused,
  sessionAssetFiles,
  shareAssetFiles,
  shareViewerApi,
  shareViewerKeys,
  shareViewState,
  type ShareViewState,
} from './share-viewer.api.ts';
export { useFollowScreen } from './use-follow-screen.ts';
