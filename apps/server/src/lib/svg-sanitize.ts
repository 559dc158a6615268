/*
 * SVG drawings that users upload to a SCADA project (a P&ID, a line layout). The browser later
 * binds the marked elements (`id`, `data-*`) to live tag values, changing text, fill, visibility
 * or rotation, so the drawing ends up inline in the console's page: anything that runs script,
 * loads from elsewhere or restyles the page must go before it is stored. The document is parsed
 * as XML with jsdom (the same parser semantics the browser applies to image/svg+xml), then
 * DOMPurify's SVG profile cleans it in place and the hook below tightens what DOMPurify lets
 * through. The result is XML: the web parses it as image/svg+xml (DOMParser), never as HTML.
 *
 * Rejected (SvgRejected): input over the size cap (bytes); input with DTD declarations
 * (`<!ENTITY`, `<!ATTLIST`, an internal subset: the XML parser expands entities, "billion
 * laughs"); bytes that are not UTF-8; XML that does not parse; a root other than an unprefixed
 * <svg> in the SVG namespace (without xmlns="http://www.w3.org/2000/svg" it is no SVG to a browser
 * either); empty input; a drawing with no element left. A plain DOCTYPE (old Illustrator and
 * Inkscape exports) is parsed and dropped, as are the XML declaration and anything around the root.
 *
 * Removed (counted in `removed`), each element with its content: script, foreignObject and every
 * element outside DOMPurify's SVG and SVG-filter lists (editor metadata such as sodipodi:* and
 * inkscape:*, prefixed names such as svg:script); <style> (its rules would apply to the whole
 * console page: export with presentation attributes or inline styles); every animation element
 * (animate, set, animateMotion, animateTransform, animateColor, discard: SMIL can rewrite href or
 * on* attributes, and the live bindings drive the drawing instead); <font> (an HTML parser leaves
 * SVG at <font color>); comments, processing instructions and CDATA sections (text in CDATA too).
 * Attributes: every on*; `name` (an HTML parser turns <image name> into a clobbering <img name>);
 * `href`/`xlink:href` other than a fragment of this document (`#id`), except a PNG or JPEG `data:`
 * URI on <image>, for the raster backgrounds drawing tools embed (no script in them; an SVG
 * `data:` image could hide anything, an external image would load from elsewhere); any value with
 * a script scheme (javascript:, vbscript:, livescript:, once whitespace, control and format
 * characters are taken out). Every other attribute but `id`, `data-*` and `aria-*` is read as CSS
 * (style, fill, stroke, filter, mask, clip-path, marker-*, cursor...): it keeps `url(#...)` only
 * and goes with any other url(), image(), image-set(), cross-fade(), element(), src(), paint(),
 * expression(), @import or backslash (a CSS escape can spell url).
 *
 * Kept: `id` (every one: DOMPurify's SANITIZE_DOM, which drops id="title", id="location"..., is
 * off, because an SVG element's id names no document or form property, only HTML form, img,
 * embed, object and iframe elements do, and the bindings need the ids), `data-*`, `aria-*`, <use>
 * and <a> to fragments, and the rest of DOMPurify's SVG and filter profile.
 */
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import type { Config, UponSanitizeAttributeHookEvent, WindowLike } from 'dompurify';

/** The largest upload accepted, in bytes (2 MiB). */
export const SVG_MAX_BYTES = 2 * 1024 * 1024;

export type SvgRejectReason = 'too_large' | 'not_svg' | 'empty';

/** The upload cannot be used as a drawing; `reason` says why (the route maps it to a reply). */
export class SvgRejected extends Error {
  override readonly name = 'SvgRejected';

  constructor(
    readonly reason: SvgRejectReason,
    message: string,
  ) {
    super(message);
  }
}

export interface SanitizedSvg {
  /** The cleaned drawing, serialised as XML (no XML declaration, no DOCTYPE). */
  svg: string;
  /** The element ids left, in document order, each once: what the bindings may address. */
  ids: string[];
  /** Elements, attributes and other nodes DOMPurify removed (an element once, whatever it held). */
  removed: number;
}

/**
 * The parts of jsdom used here. jsdom is loaded untyped on purpose: @types/jsdom references the
 * DOM library, which would then apply to the whole server's type check (DOM globals in Node code,
 * DOM's stricter Blob types).
 */
interface XmlElement {
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly nodeName: string;
  readonly childElementCount: number;
  getAttribute(name: string): string | null;
  readonly lastElementChild: XmlElement | null;
  readonly previousElementSibling: XmlElement | null;
}
interface JsdomWindow {
  DOMParser: new () => {
    parseFromString(text: string, type: 'image/svg+xml'): { documentElement: XmlElement | null };
  };
  XMLSerializer: new () => { serializeToString(node: XmlElement): string };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: JsdomWindow };
};

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Declarations the XML parser would act on: entities (expanded), attribute defaults. */
const DTD_DECLARATION = /<!(?:ENTITY|ATTLIST|ELEMENT|NOTATION)\b|<!DOCTYPE[^>]*\[/i;
/** Whitespace, control and format characters (zero-width, BOM): what could hide a scheme. */
const IGNORED_IN_URL = /[\s\p{Cc}\p{Cf}\p{Z}]/gu;
const SCRIPT_SCHEME = /(?:java|vb|live)script:/;
const FRAGMENT = /^#[^\s#]+$/u;
const RASTER_DATA_URI = /^data:image\/(?:png|jpeg);base64,[a-z0-9+/=\s]*$/i;
const URL_CALL = /url\s*\(/gi;
const FRAGMENT_URL_CALL = /url\(\s*['"]?#/gi;
const UNSAFE_CSS =
  /\\|@import|-moz-binding|behavior\s*:|\b(?:expression|image-set|image|cross-fade|element|src|paint)\s*\(/i;

const CONFIG: Config & { IN_PLACE: true } = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // <use> is off DOMPurify's SVG list; the hook keeps its href to fragments of this document.
  ADD_TAGS: ['use'],
  FORBID_TAGS: [
    'script',
    'style',
    'foreignObject',
    'iframe',
    'font',
    'animate',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'set',
    'discard',
  ],
  FORBID_ATTR: ['name'],
  KEEP_CONTENT: false,
  SANITIZE_DOM: false,
  IN_PLACE: true,
};

/** True when the value's url() calls all point into this document and no other loader is used. */
function isSafeCss(value: string): boolean {
  if (UNSAFE_CSS.test(value)) return false;
  return (value.match(URL_CALL)?.length ?? 0) === (value.match(FRAGMENT_URL_CALL)?.length ?? 0);
}

/** Whether the attribute `name` (lower case, as DOMPurify passes it) may keep `value` on `tag`. */
function isSafeSvgAttribute(tag: string, name: string, value: string): boolean {
  const local = name.slice(name.lastIndexOf(':') + 1);
  if (local.startsWith('on')) return false;
  if (SCRIPT_SCHEME.test(value.replace(IGNORED_IN_URL, '').toLowerCase())) return false;
  if (local === 'href') return FRAGMENT.test(value) || (tag === 'image' && RASTER_DATA_URI.test(value));
  if (name === 'id' || name.startsWith('data-') || name.startsWith('aria-')) return true;
  return isSafeCss(value);
}

/** Stateless: it reads only the node and the event, so nothing carries from one call to the next. */
function vetAttribute(node: XmlElement, event: UponSanitizeAttributeHookEvent): void {
  if (!isSafeSvgAttribute(node.localName.toLowerCase(), event.attrName, event.attrValue)) {
    event.keepAttr = false;
  }
}

// One window, parser and DOMPurify for the module: building them costs far more than a drawing.
const { window } = new JSDOM('');
// WindowLike names DOM constructors; jsdom's window has them, only the narrow type above does not.
const purify = createDOMPurify(window as unknown as WindowLike);
purify.addHook('uponSanitizeAttribute', vetAttribute);
const parser = new window.DOMParser();
const serializer = new window.XMLSerializer();
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(input: string | Buffer): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  try {
    return utf8.decode(input);
  } catch {
    throw new SvgRejected('not_svg', 'The file is not UTF-8 text');
  }
}

/**
 * The ids of `root` and its descendants, in document order, each once. Walked by sibling links:
 * indexing jsdom's live HTMLCollection costs a named-item lookup each time, quadratic in a drawing.
 */
function elementIds(root: XmlElement): string[] {
  const ids = new Set<string>();
  const stack = [root];
  for (let el = stack.pop(); el; el = stack.pop()) {
    const id = el.getAttribute('id');
    if (id) ids.add(id);
    for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  }
  return [...ids];
}

/**
 * The drawing without anything that could run script or load from elsewhere (see the top of this
 * file). Throws SvgRejected when the input is no usable SVG.
 */
export function sanitizeSvg(input: string | Buffer, opts: { maxBytes?: number } = {}): SanitizedSvg {
  const maxBytes = opts.maxBytes ?? SVG_MAX_BYTES;
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > maxBytes) throw new SvgRejected('too_large', `The file is larger than ${maxBytes} bytes`);
  const text = decode(input);
  if (text.trim() === '') throw new SvgRejected('empty', 'The file is empty');
  if (DTD_DECLARATION.test(text)) {
    throw new SvgRejected('not_svg', 'DTD declarations (entities) are not accepted in a drawing');
  }
  const root = parser.parseFromString(text, 'image/svg+xml').documentElement;
  if (root?.namespaceURI !== SVG_NS || root.nodeName !== 'svg') {
    throw new SvgRejected('not_svg', 'The file is not an SVG document');
  }
  purify.sanitize(root, CONFIG);
  const removed = purify.removed.length;
  if (root.childElementCount === 0) throw new SvgRejected('empty', 'Nothing is left of the drawing');
  return { svg: serializer.serializeToString(root), ids: elementIds(root), removed };
}
