import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SVG_MAX_BYTES, SvgRejected, sanitizeSvg } from './svg-sanitize.ts';
import type { SvgRejectReason } from './svg-sanitize.ts';

/** What the checks read of jsdom's DOM (untyped, as in svg-sanitize.ts: no DOM library here). */
interface XmlNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<XmlNode>;
}
interface XmlElement extends XmlNode {
  readonly namespaceURI: string | null;
  readonly localName: string;
  readonly attributes: ArrayLike<{ name: string; localName: string; prefix: string | null; value: string }>;
  getAttribute(name: string): string | null;
  getAttributeNS(namespace: string, name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selectors: string): XmlElement | null;
}
type XmlParser = { parseFromString(text: string, type: 'image/svg+xml'): { documentElement: XmlElement } };
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: new () => XmlParser } };
};
const parser = new new JSDOM('').window.DOMParser();
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** What must survive every case: the elements a drawing's bindings address. */
const BENIGN =
  '<defs><linearGradient id="g"><stop offset="0" stop-color="#0a0"/></linearGradient>' +
  '<symbol id="sym"><circle r="2"/></symbol></defs>' +
  '<rect id="pump1" data-tag="speed" fill="url(#g)" width="10" height="5"/>' +
  '<text id="label1" x="1" y="9">Pump 1</text><use href="#sym" x="20"/>';
const BENIGN_IDS = ['g', 'sym', 'pump1', 'label1'];

function drawing(hostile: string, rootAttrs = ''): string {
  return `<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" viewBox="0 0 40 10"${rootAttrs}>${BENIGN}${hostile}</svg>`;
}

/** Every hostile payload names `alert` or `evil`: neither may be left in a value or a text. */
const MARKER = /alert|evil/i;
const FORBIDDEN_ELEMENTS = new Set(
  'script style foreignobject iframe img div font animate set animatemotion animatetransform animatecolor discard'.split(
    ' ',
  ),
);

function attributeDangers(el: XmlElement): string[] {
  const found: string[] = [];
  for (const attr of Array.from(el.attributes)) {
    if (attr.name === 'xmlns' || attr.prefix === 'xmlns') continue;
    const where = `<${el.nodeName} ${attr.name}="${attr.value}">`;
    const name = attr.localName.toLowerCase();
    const value = attr.value;
    const rasterImage = el.localName === 'image' && /^data:image\/(?:png|jpeg);base64,/.test(value);
    if (name.startsWith('on')) found.push(`handler ${where}`);
    if (/script:/i.test(value.replace(/[\s\p{Cc}\p{Cf}]/gu, ''))) found.push(`script scheme ${where}`);
    if (name === 'href' && !value.startsWith('#') && !rasterImage) found.push(`outside href ${where}`);
    if (/url\(\s*['"]?(?!#)|\\|image-set|@import/i.test(value)) found.push(`css load ${where}`);
    if (MARKER.test(value)) found.push(`marker ${where}`);
  }
  return found;
}

/** Walks every node of the re-parsed output and lists what should not be there. */
function findDangers(root: XmlElement): string[] {
  const found: string[] = [];
  const visit = (node: XmlNode): void => {
    if (node.nodeType === ELEMENT_NODE) {
      const el = node as XmlElement;
      if (el.namespaceURI !== SVG_NS) found.push(`foreign element <${el.nodeName}> (${el.namespaceURI})`);
      if (FORBIDDEN_ELEMENTS.has(el.localName.toLowerCase())) found.push(`element <${el.nodeName}>`);
      found.push(...attributeDangers(el));
    } else if (node.nodeType === TEXT_NODE) {
      if (MARKER.test(node.nodeValue ?? '')) found.push(`text "${node.nodeValue}"`);
    } else {
      found.push(`node of type ${node.nodeType}: ${node.nodeName}`);
    }
    Array.from(node.childNodes).forEach(visit);
  };
  visit(root);
  return found;
}

function reparse(svg: string): XmlElement {
  const root = parser.parseFromString(svg, 'image/svg+xml').documentElement;
  expect(root.namespaceURI).toBe(SVG_NS);
  expect(root.localName).toBe('svg');
  return root;
}

function expectBenignIntact(root: XmlElement): void {
  const pick = (selector: string): XmlElement => {
    const found = root.querySelector(selector);
    expect(found, selector).not.toBeNull();
    return found as XmlElement;
  };
  const pump = pick('rect[id="pump1"]');
  expect([pump.namespaceURI, pump.getAttribute('data-tag'), pump.getAttribute('fill')]).toEqual([
    SVG_NS,
    'speed',
    'url(#g)',
  ]);
  expect(pick('text[id="label1"]').textContent).toBe('Pump 1');
  expect(pick('linearGradient[id="g"] > stop').getAttribute('stop-color')).toBe('#0a0');
  expect(pick('symbol[id="sym"] > circle').getAttribute('r')).toBe('2');
  expect(pick('use').getAttribute('href')).toBe('#sym');
}

/** Payloads put inside a benign drawing (`drawing`), by name. */
const INSIDE: Record<string, string> = {
  'inline <script>': '<script>alert(1)</script>',
  '<script> with href':
    '<script href="https://evil.example/x.js"/><script xlink:href="//evil.example/y.js"/>',
  '<script> in CDATA': '<script><![CDATA[alert(1)]]></script>',
  'onclick on a child': '<rect id="r2" width="1" height="1" onclick="alert(1)"/>',
  'onmouseover on a group': '<g onmouseover="alert(1)" ONFOCUSIN="alert(2)"><circle r="1"/></g>',
  '<a href="javascript:">': '<a href="javascript:alert(1)"><text>go</text></a>',
  '<a xlink:href="javascript:">': '<a xlink:href="javascript:alert(1)"><text>go</text></a>',
  'mixed-case JaVaScRiPt:': '<a href="JaVaScRiPt:alert(1)"><text>go</text></a>',
  'entity-encoded &#106;avascript:': '<a href="&#106;avascript:alert(1)"><text>go</text></a>',
  'hex-encoded &#x6A;avascript:': '<a xlink:href="&#x6A;&#x61;vascript&#x3A;alert(1)"><text>go</text></a>',
  'tab inside java\\tscript:': '<a href="java\tscript:alert(1)"><text>go</text></a>',
  'encoded tab and newline': '<a href="&#x0A; java&#x09;script:alert(1)"><text>go</text></a>',
  'javascript: in a data attribute': '<g data-action="javascript:alert(1)"><circle r="1"/></g>',
  '<use> of another document': '<use href="https://evil.example/x.svg#a"/><use xlink:href="evil.svg#b"/>',
  '<image> from http': '<image href="http://evil.example/x.png" width="5" height="5"/>',
  '<image> of an SVG data URI': '<image href="data:image/svg+xml;base64,PHN2Zy8+"/>',
  '<feImage> from https': '<filter id="f"><feImage href="https://evil.example/x.png"/></filter>',
  '<foreignObject> with HTML':
    `<foreignObject width="9" height="9"><div xmlns="${XHTML_NS}"><iframe src="https://evil.example/"/>` +
    '<img src="x" onerror="alert(1)"/></div></foreignObject>',
  '<style> with @import': '<style>@import url(http://evil.example/x.css); rect { fill: red }</style>',
  '<style> with url()': '<style><![CDATA[rect { fill: url(https://evil.example/#x) }]]></style>',
  'style attribute with url()': '<rect width="1" height="1" style="fill:url(http://evil/#x)"/>',
  'style attribute with a CSS escape': '<rect width="1" height="1" style="fill:u\\72l(//evil/#x)"/>',
  'mask with image-set()': `<rect width="1" height="1" mask="image-set('https://evil.example/m.png' 1x)"/>`,
  'external filter, mask, clip-path, marker':
    '<path d="M0 0L1 1" filter="url(http://evil.example/f.svg#f)" mask="url(\'https://evil.example/m#m\')" ' +
    'clip-path="url(&quot;//evil.example/c#c&quot;)" marker-end="url(evil.svg#m)" fill="URL(https://evil/#p)"/>',
  '<animate> of href': '<a href="#pump1"><animate attributeName="href" to="javascript:alert(1)"/></a>',
  '<set> of onmouseover':
    '<rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect>',
  '<animateTransform>': '<g><animateTransform attributeName="transform" type="rotate" values="evil"/></g>',
  '<svg:script> prefix': `<svg:script xmlns:svg="${SVG_NS}">alert(1)</svg:script>`,
  'XHTML <script> in SVG': `<h:script xmlns:h="${XHTML_NS}">alert(1)</h:script><script xmlns="${XHTML_NS}"/>`,
  'another prefix for xlink': `<a xmlns:l="${XLINK_NS}" l:href="javascript:alert(1)"><text>go</text></a>`,
  '<iframe> inside <svg>': '<iframe src="https://evil.example/"/>',
  '<font> breaking out of SVG': '<font color="red"><text>evil</text></font>',
  'editor metadata':
    '<sodipodi:namedview xmlns:sodipodi="urn:x" onload="alert(1)"><g id="evil"/></sodipodi:namedview>',
};

const HOSTILE: [string, string][] = [
  ...Object.entries(INSIDE).map(([name, inner]): [string, string] => [name, drawing(inner)]),
  ['onload on <svg>', drawing('', ' onload="alert(1)"')],
  ['processing instructions', `<?xml-stylesheet href="http://evil.example/a.css"?>${drawing('<?evil x?>')}`],
  ['comments', `<!-- alert(0) -->${drawing('<!-- <script>alert(1)</script> -->')}`],
  [
    'plain DOCTYPE and declaration',
    `<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">${drawing('')}`,
  ],
];

describe('sanitizeSvg: hostile drawings', () => {
  it.each(HOSTILE)('%s: the danger is gone, the drawing stays', (_name, input) => {
    const result = sanitizeSvg(input);
    const root = reparse(result.svg);
    expect(findDangers(root)).toEqual([]);
    expect(result.svg).not.toMatch(MARKER);
    expectBenignIntact(root);
    expect(result.ids).toEqual(expect.arrayContaining(BENIGN_IDS));
  });

  it('counts what DOMPurify removed', () => {
    expect(sanitizeSvg(drawing('')).removed).toBe(0);
    expect(sanitizeSvg(drawing('<script/><rect onclick="x" width="1"/>', ' onload="x"')).removed).toBe(3);
  });

  it('sanitising is idempotent', () => {
    const cases: [string, string][] = [...HOSTILE, ['benign', drawing('')]];
    for (const [name, input] of cases) {
      const once = sanitizeSvg(input);
      const twice = sanitizeSvg(once.svg);
      expect(twice.svg, name).toBe(once.svg);
      expect([twice.removed, twice.ids], name).toEqual([0, once.ids]);
    }
  });

  it('carries no state from one call to the next', () => {
    const before = sanitizeSvg(drawing(''));
    sanitizeSvg(drawing('<script>alert(1)</script><a href="javascript:alert(1)"/>', ' onload="alert(1)"'));
    expect(sanitizeSvg(drawing(''))).toEqual(before);
  });
});

describe('sanitizeSvg: what a drawing keeps', () => {
  it('keeps a benign drawing unchanged and lists its ids in document order, once each', () => {
    const result = sanitizeSvg(
      Buffer.from(`\uFEFF${drawing('<g id="pump1"/><g id="title"/>', ' id="root"')}`),
    );
    expect(result.ids).toEqual(['root', ...BENIGN_IDS, 'title']);
    expect(result.removed).toBe(0);
    expect(result.svg).toContain(BENIGN);
  });

  it('keeps PNG and JPEG data URIs on <image> only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const jpeg = 'data:image/jpeg;base64,/9j/4AAQ\nSkZJRg==';
    const images = `<image id="a" href="${png}"/><image id="b" xlink:href="${jpeg.replace('\n', '&#10;')}"/>`;
    const root = reparse(sanitizeSvg(drawing(`${images}<a id="c" href="${png}"/>`)).svg);
    expect(root.querySelector('[id="a"]')?.getAttribute('href')).toBe(png);
    expect(root.querySelector('[id="b"]')?.getAttributeNS(XLINK_NS, 'href')).toBe(jpeg);
    expect(root.querySelector('[id="c"]')?.hasAttribute('href')).toBe(false);
  });

  it('keeps fragment references in presentation attributes and styles', () => {
    const input = drawing(`<g id="x" clip-path="url('#g')" style="fill:url(&quot;#g&quot;);stroke:#123"/>`);
    const el = reparse(sanitizeSvg(input).svg).querySelector('[id="x"]');
    expect([el?.getAttribute('clip-path'), el?.getAttribute('style')]).toEqual([
      "url('#g')",
      'fill:url("#g");stroke:#123',
    ]);
  });
});

function rejection(input: string | Buffer, maxBytes?: number): SvgRejectReason | undefined {
  try {
    sanitizeSvg(input, maxBytes === undefined ? {} : { maxBytes });
  } catch (err) {
    expect(err).toBeInstanceOf(SvgRejected);
    return (err as SvgRejected).reason;
  }
  return undefined;
}

const LAUGHS =
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' +
  '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
  '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>' +
  `<svg xmlns="${SVG_NS}"><text>&lol3;</text></svg>`;

describe('sanitizeSvg: rejected input', () => {
  it.each<[string, SvgRejectReason, string | Buffer, number?]>([
    ['DOCTYPE with entities (billion laughs)', 'not_svg', LAUGHS],
    [
      'DOCTYPE with attribute defaults',
      'not_svg',
      `<!DOCTYPE svg [<!ATTLIST rect onclick CDATA "alert(1)">]>${drawing('')}`,
    ],
    ['an HTML root', 'not_svg', `<html xmlns="${XHTML_NS}"><body>${drawing('')}</body></html>`],
    ['an HTML document', 'not_svg', `<!doctype html><html><body>${drawing('')}</body></html>`],
    ['an <iframe> at the root', 'not_svg', `<iframe xmlns="${XHTML_NS}" src="https://evil.example/"/>`],
    ['<svg> outside the SVG namespace', 'not_svg', '<svg><rect id="a" width="1" height="1"/></svg>'],
    [
      'a prefixed <svg:svg> root',
      'not_svg',
      `<s:svg xmlns:s="${SVG_NS}"><s:rect width="1" height="1"/></s:svg>`,
    ],
    ['XML that does not parse', 'not_svg', `<svg xmlns="${SVG_NS}"><rect></svg>`],
    ['an HTML-only entity', 'not_svg', drawing('<text>&nbsp;</text>')],
    ['bytes that are not UTF-8', 'not_svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0x3e])],
    ['plain text', 'not_svg', 'pump 1 = on'],
    ['input over the default cap', 'too_large', drawing(`<text>${'x'.repeat(SVG_MAX_BYTES)}</text>`)],
    ['input over a given cap', 'too_large', drawing(''), 100],
    ['empty input', 'empty', ''],
    ['blank input', 'empty', Buffer.from(' \n\t')],
    [
      'nothing left after sanitising',
      'empty',
      `<svg xmlns="${SVG_NS}"><script>alert(1)</script><!-- x --></svg>`,
    ],
  ])('%s: %s', (_name, reason, input, maxBytes) => {
    expect(rejection(input, maxBytes)).toBe(reason);
  });

  it('counts the cap in bytes, not characters', () => {
    const input = drawing('<text>一号车间</text>');
    expect(rejection(input, Buffer.byteLength(input))).toBeUndefined();
    expect(rejection(input, input.length)).toBe('too_large');
  });
});
