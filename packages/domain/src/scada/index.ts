/*
 * The public face of the SCADA screen document: the current schema and its types, the version-1
 * schema, migration, the error it throws and the helpers reading what a document refers to. The
 * building blocks (bounded numbers, colours, texts, each type's props schema) stay in their files.
 */
export {
  ScreenLimits,
  screenBinding,
  screenBindingTransform,
  type ScreenBinding,
  type ScreenBindingTransform,
  type ScreenTagRef,
  type ScreenWriteValue,
} from './screen-primitives.ts';
export {
  screenAction,
  screenActionKinds,
  type ScreenAction,
  type ScreenActionKind,
} from './screen-actions.ts';
export { svgMark, type SvgMark, type SvgMarkAttribute, type ScreenColorRange } from './screen-svg-marks.ts';
export {
  screenWidgetTypes,
  screenWidgetType,
  screenWidgetProps,
  type ScreenWidgetType,
  type ScreenWidgetProps,
} from './screen-widget-props.ts';
export {
  SCREEN_DOCUMENT_VERSION,
  screenDocument,
  screenWidget,
  screenScale,
  screenSize,
  screenBackground,
  type ScreenDocument,
  type ScreenDocumentInput,
  type ScreenWidget,
  type ScreenWidgetInput,
  type ScreenWidgetOf,
  type ScreenScale,
  type ScreenSize,
  type ScreenBackground,
} from './screen-document.ts';
export {
  SCREEN_DOCUMENT_V1,
  screenDocumentV1,
  screenWidgetTypesV1,
  type ScreenDocumentV1,
  type ScreenWidgetV1,
  type ScreenWidgetTypeV1,
} from './screen-document-v1.ts';
export {
  ScreenDocumentError,
  describeScreenIssue,
  type ScreenDocumentErrorReason,
} from './screen-document-error.ts';
export { migrateScreenDocument, screenDocumentFromV1, screenDocumentVersions } from './screen-migrate.ts';
export { assetIdsOf, bindingsOf, deviceIdsOf, screenIdsOf, recipeIdsOf } from './screen-refs.ts';
export { emptyScreenDocument } from './screen-empty.ts';
