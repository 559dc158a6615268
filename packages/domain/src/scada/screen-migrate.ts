import type { z } from 'zod';
import type { ScreenAction } from './screen-actions.ts';
import {
  SCREEN_DOCUMENT_VERSION,
  screenDocument,
  type ScreenDocument,
  type ScreenDocumentInput,
  type ScreenWidgetInput,
} from './screen-document.ts';
import { ScreenDocumentError } from './screen-document-error.ts';
import {
  SCREEN_DOCUMENT_V1,
  screenDocumentV1,
  type ScreenDocumentV1,
  type ScreenWidgetV1,
} from './screen-document-v1.ts';
import type { ScreenBinding } from './screen-primitives.ts';

/**
 * Reading a stored screen document of any version: the document is parsed with the schema of
 * the version it names (none: version 1), then moved forward one version at a time to the
 * current one, which is parsed once more. Every step keeps everything: a widget, its place, its
 * binding or its action that a step could not carry is an error, never a silent drop. A version
 * with no reader (a newer build's, or not a number) throws `unsupported-version`; a document
 * that breaks its version's schema throws `invalid` with the zod issues.
 *
 * Adding version 3: write its schema in screen-document.ts (the current one), move version 2's
 * to screen-document-v2.ts, add `2: fromV2` below and a reader for it.
 */

/** The version a raw document names: `undefined` when it has none (or is no object at all). */
function versionOf(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  return Object.hasOwn(raw, 'version') ? (raw as { version: unknown }).version : undefined;
}

function parsed<S extends z.ZodType>(schema: S, raw: unknown, version: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new ScreenDocumentError('invalid', version, result.error.issues);
  return result.data;
}

/** "deviceId:tagId" (already checked by the v1 schema) as a binding. */
function bindingOfAddress(address: string): ScreenBinding {
  const [deviceId, tagId] = address.split(':').map(Number);
  return { deviceId: deviceId ?? 0, tagId: tagId ?? 0 };
}

/** A v1 widget as a v2 one: renamed box, no rotation, z from its place, bind and onClick as binding and action. */
function widgetFromV1(widget: ScreenWidgetV1, index: number): ScreenWidgetInput {
  const { left, top, width, height, bind, onClick, ...kept } = widget;
  const bound = bind === undefined ? undefined : bindingOfAddress(bind);
  const actions: ScreenAction[] =
    onClick && bound ? [{ kind: 'set', binding: { ...bound }, value: onClick.set }] : [];
  // kept holds id, type and the props of that type together (the props schemas did not change).
  return {
    ...kept,
    x: left,
    y: top,
    w: width,
    h: height,
    rotation: 0,
    z: index,
    ...(bound && { binding: bound }),
    ...(actions.length > 0 && { actions }),
  } as ScreenWidgetInput;
}

/** Version 1 to version 2. */
export function screenDocumentFromV1(doc: ScreenDocumentV1): ScreenDocumentInput {
  return {
    version: 2,
    size: { width: doc.width, height: doc.height },
    scale: 'fixed',
    background: { color: doc.background },
    widgets: doc.widgets.map(widgetFromV1),
  };
}

/** Each older version's reader: its schema, then its step to the next version, up to the current. */
const readers: Record<number, (raw: unknown) => ScreenDocumentInput> = {
  [SCREEN_DOCUMENT_V1]: (raw) => screenDocumentFromV1(parsed(screenDocumentV1, raw, SCREEN_DOCUMENT_V1)),
  [SCREEN_DOCUMENT_VERSION]: (raw) => raw as ScreenDocumentInput,
};

/** The versions this build reads. */
export const screenDocumentVersions = Object.keys(readers).map(Number);

/**
 * A stored screen document of any version (JSON as parsed), as a current one. Throws
 * ScreenDocumentError: `unsupported-version` for a version this build does not read,
 * `invalid` (with the zod issues) for a document its version's schema refuses.
 */
export function migrateScreenDocument(raw: unknown): ScreenDocument {
  const named = versionOf(raw);
  const version = named === undefined ? SCREEN_DOCUMENT_V1 : named;
  const read = typeof version === 'number' && Object.hasOwn(readers, version) ? readers[version] : undefined;
  if (!read) {
    const shown = typeof version === 'number' ? String(version) : `a ${typeof version}`;
    throw new ScreenDocumentError('unsupported-version', version, [
      {
        code: 'custom',
        path: ['version'],
        message: `version ${shown} is not one this build reads (${screenDocumentVersions.join(', ')})`,
        input: version,
      },
    ]);
  }
  return parsed(screenDocument, read(raw), version);
}
