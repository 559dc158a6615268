import { SCREEN_DOCUMENT_VERSION, screenDocument, type ScreenDocument } from './screen-document.ts';
import { ScreenDocumentError } from './screen-document-error.ts';
import { ScreenLimits } from './screen-primitives.ts';

/*
 * The document of a new screen (a screen added without one, api/project.api.ts screenAddBody).
 */

/**
 * An empty current document of `width` x `height` px (default 1920 x 1080), scaled to fit, on
 * white. A size outside ScreenLimits throws ScreenDocumentError (`invalid`).
 */
export function emptyScreenDocument(
  width: number = ScreenLimits.defaultWidth,
  height: number = ScreenLimits.defaultHeight,
): ScreenDocument {
  const result = screenDocument.safeParse({
    version: SCREEN_DOCUMENT_VERSION,
    size: { width, height },
    scale: 'fit',
    background: { color: '#FFFFFF' },
    widgets: [],
  });
  if (!result.success) throw new ScreenDocumentError('invalid', SCREEN_DOCUMENT_VERSION, result.error.issues);
  return result.data;
}
