/*
 * An uploaded drawing as it goes inline into the page: parsed as XML (image/svg+xml, never as
 * HTML, the way the server's sanitiser read it), its root an <svg> of the SVG namespace, then a
 * second, light pass of what the server's sanitiser already removed (lib/svg-sanitize.ts): an
 * element that would run script or show foreign content, an `on*` handler, a link leaving the
 * document. The server's pass is the guarantee; this one keeps a drawing stored before that pass
 * existed, or served from elsewhere, from acting in the console's page.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements that never stay: script, foreign content, SMIL that can rewrite attributes, style rules for the page. */
const DROPPED = new Set([
  'script',
  'foreignobject',
  'iframe',
  'style',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'discard',
]);

/** A link that stays: a fragment of the drawing, or a PNG/JPEG embedded as data on <image>. */
function keepsLink(el: Element, value: string): boolean {
  const v = value.trim();
  if (v.startsWith('#')) return true;
  return el.localName === 'image' && /^data:image\/(png|jpeg);/i.test(v);
}

/** Removes, in place, what could act in the page (see the file comment). */
export function stripActive(root: Element): void {
  for (const el of [...root.querySelectorAll('*')]) {
    if (DROPPED.has(el.localName.toLowerCase())) {
      el.remove();
      continue;
    }
    for (const attr of [...el.attributes]) {
      const name = attr.localName.toLowerCase();
      const link = name === 'href' && (attr.namespaceURI === null || attr.namespaceURI === XLINK_NS);
      if (name.startsWith('on') || (link && !keepsLink(el, attr.value)) || /javascript:/i.test(attr.value))
        el.removeAttributeNode(attr);
    }
  }
  for (const attr of [...root.attributes])
    if (attr.localName.toLowerCase().startsWith('on')) root.removeAttributeNode(attr);
}

/**
 * The drawing's <svg> element, imported into `doc` and cleaned, sized to fill its box (its
 * viewBox and preserveAspectRatio as drawn), or null when the text is no SVG drawing.
 */
export function parseDrawing(text: string, doc: Document = document): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  if (parsed.getElementsByTagName('parsererror').length > 0) return null;
  const svg = doc.importNode(root, true) as unknown as SVGSVGElement;
  stripActive(svg);
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  return svg;
}
