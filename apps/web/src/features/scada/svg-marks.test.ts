import { describe, expect, it } from 'vitest';
import { svgMark, type SvgMark } from '@hmi/domain';
import { parseDrawing, stripActive } from './svg-drawing.ts';
import { markBinding, markEffect, markVisible, rotationAngle, SvgMarksDom } from './svg-marks.ts';
import type { LiveCell } from './widget-types.ts';

const mark = (raw: unknown): SvgMark => svgMark.parse(raw);
const cell = (value: number | string | null): LiveCell => ({ value, quality: 'good' });

describe('markEffect', () => {
  const fill = mark({
    selector: 'valve',
    attribute: 'fill',
    ranges: [
      { min: 0, max: 0, color: '#808080' },
      { min: 1, max: 1, color: '#00FF00' },
    ],
    otherwise: '#FF0000',
  });

  it('fills with the first range holding the engineering value, else otherwise, else as drawn', () => {
    expect(markEffect(fill, cell(1))).toEqual({ kind: 'fill', color: '#00FF00' });
    expect(markEffect(fill, cell(10), { scale: 0.1 })).toEqual({ kind: 'fill', color: '#00FF00' });
    expect(markEffect(fill, cell(5))).toEqual({ kind: 'fill', color: '#FF0000' });
    expect(markEffect(fill, cell(null))).toEqual({ kind: 'fill', color: null });
    expect(markEffect(fill, undefined)).toEqual({ kind: 'fill', color: null });
    const plain = mark({ selector: 'v', attribute: 'fill', ranges: [{ min: 1, max: 2, color: '#00FF00' }] });
    expect(markEffect(plain, cell(5))).toEqual({ kind: 'fill', color: null });
  });

  it('writes the value as text through the transform', () => {
    const text = mark({ selector: 'flow', attribute: 'text' });
    expect(
      markEffect(text, cell(653), { scale: 0.1, offset: -40, format: '{value} °C', decimals: 1 }),
    ).toEqual({
      kind: 'text',
      text: '25.3 °C',
    });
    expect(markEffect(text, cell(null))).toEqual({ kind: 'text', text: '—' });
    expect(markEffect(text, cell('RUN'))).toEqual({ kind: 'text', text: 'RUN' });
  });

  it('shows a visibility mark inside its bounds, or while non-zero without bounds', () => {
    const nonZero = mark({ selector: 'a', attribute: 'visibility' });
    expect(markEffect(nonZero, cell(0))).toEqual({ kind: 'visibility', visible: false });
    expect(markEffect(nonZero, cell(3))).toEqual({ kind: 'visibility', visible: true });
    expect(markEffect(nonZero, cell(null))).toEqual({ kind: 'visibility', visible: null });
    const from = mark({ selector: 'a', attribute: 'visibility', min: 1 });
    if (from.attribute !== 'visibility') throw new Error('parsed as another mark');
    expect([0, 1, 99].map((n) => markVisible(from, n))).toEqual([false, true, true]);
    const band = mark({ selector: 'a', attribute: 'visibility', min: 10, max: 20 });
    if (band.attribute !== 'visibility') throw new Error('parsed as another mark');
    expect([9, 10, 20, 21].map((n) => markVisible(band, n))).toEqual([false, true, true, false]);
  });

  it('maps a value to an angle linearly, held at the ends', () => {
    const fan = mark({ selector: 'fan', attribute: 'rotation', valueMin: 0, valueMax: 1500 });
    if (fan.attribute !== 'rotation') throw new Error('parsed as another mark');
    expect(rotationAngle(fan, 750)).toBe(180);
    expect(rotationAngle(fan, -5)).toBe(0);
    expect(rotationAngle(fan, 4000)).toBe(360);
    const dial = mark({
      selector: 'd',
      attribute: 'rotation',
      valueMin: 0,
      valueMax: 100,
      angleMin: -90,
      angleMax: 90,
    });
    expect(markEffect(dial, cell(25))).toEqual({ kind: 'rotation', angle: -45 });
    expect(markEffect(dial, cell(null))).toEqual({ kind: 'rotation', angle: null });
  });

  it('follows its own binding, else the widget binding', () => {
    const own = mark({ selector: 'x', attribute: 'text', binding: { deviceId: 2, tagId: 3 } });
    expect(markBinding(own, { deviceId: 1, tagId: 1 })).toEqual({ deviceId: 2, tagId: 3 });
    expect(markBinding(mark({ selector: 'x', attribute: 'text' }), { deviceId: 1, tagId: 1 })).toEqual({
      deviceId: 1,
      tagId: 1,
    });
  });
});

const drawing = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect id="valve-1.body" x="0" y="0" width="10" height="10" style="fill: #123456"/>
  <text id="flow:text"><tspan>0</tspan></text>
  <circle id="alarm_icon" cx="5" cy="5" r="2"/>
  <path id="fan" d="M0 0 L10 10" transform="translate(5 5)"/>
  <rect id="fan" x="1"/>
</svg>`;

describe('SvgMarksDom', () => {
  function load() {
    const svg = parseDrawing(drawing);
    if (!svg) throw new Error('the sample drawing did not parse');
    document.body.appendChild(svg);
    return { svg, dom: new SvgMarksDom(svg) };
  }

  it('finds elements by exact id (dots and colons are no selectors), the first of a repeated id', () => {
    const { svg, dom } = load();
    expect(dom.element('valve-1.body')?.localName).toBe('rect');
    expect(dom.element('flow:text')?.localName).toBe('text');
    expect(dom.element('fan')?.localName).toBe('path');
    expect(dom.element('nope')).toBeUndefined();
    svg.remove();
  });

  it('changes fill, text, visibility and rotation, and puts back what the drawing had', () => {
    const { svg, dom } = load();
    const rect = dom.element('valve-1.body') as SVGElement;
    dom.apply('valve-1.body', { kind: 'fill', color: '#00FF00' });
    expect(rect.style.getPropertyValue('fill')).toMatch(/#00ff00|rgb\(0, 255, 0\)/i);
    dom.apply('valve-1.body', { kind: 'fill', color: null });
    expect(rect.style.getPropertyValue('fill')).toMatch(/#123456|rgb\(18, 52, 86\)/i);

    dom.apply('flow:text', { kind: 'text', text: '25.3 °C' });
    expect(svg.querySelector('tspan')?.textContent).toBe('25.3 °C');

    const icon = dom.element('alarm_icon') as SVGElement;
    dom.apply('alarm_icon', { kind: 'visibility', visible: false });
    expect(icon.style.display).toBe('none');
    dom.apply('alarm_icon', { kind: 'visibility', visible: null });
    expect(icon.style.display).toBe('');

    const fan = dom.element('fan')!;
    dom.apply('fan', { kind: 'rotation', angle: 90 });
    // jsdom lays nothing out: no bounding box, the turn is about the element's origin.
    expect(fan.getAttribute('transform')).toBe('translate(5 5) rotate(90 0 0)');
    dom.apply('fan', { kind: 'rotation', angle: 45 });
    expect(fan.getAttribute('transform')).toBe('translate(5 5) rotate(45 0 0)');
    dom.apply('fan', { kind: 'rotation', angle: null });
    expect(fan.getAttribute('transform')).toBe('translate(5 5)');
    dom.apply('missing', { kind: 'text', text: 'x' });
    svg.remove();
  });
});

describe('parseDrawing', () => {
  it('refuses what is no SVG drawing', () => {
    expect(parseDrawing('<html><body>hi</body></html>')).toBeNull();
    expect(parseDrawing('<svg><rect></svg>')).toBeNull();
    expect(parseDrawing('<svg viewBox="0 0 1 1"/>')).toBeNull();
    expect(parseDrawing('not xml')).toBeNull();
  });

  it('sizes the drawing to its box and removes what could act in the page', () => {
    const svg =
      parseDrawing(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="x()">
      <script>alert(1)</script>
      <foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
      <a href="javascript:alert(1)"><rect id="r" onclick="x()" width="1" height="1"/></a>
      <use xlink:href="https://evil.example/x.svg#a"/>
      <use href="#r"/>
      <image href="data:image/png;base64,AAAA"/>
      <image href="data:image/svg+xml;base64,AAAA"/>
    </svg>`)!;
    expect(svg.getAttribute('width')).toBe('100%');
    expect(svg.getAttribute('onload')).toBeNull();
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('foreignObject')).toBeNull();
    expect(svg.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(svg.querySelector('rect')?.getAttribute('onclick')).toBeNull();
    const uses = svg.querySelectorAll('use');
    expect(uses[0]?.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBeNull();
    expect(uses[1]?.getAttribute('href')).toBe('#r');
    const images = svg.querySelectorAll('image');
    expect(images[0]?.getAttribute('href')).toBe('data:image/png;base64,AAAA');
    expect(images[1]?.getAttribute('href')).toBeNull();
  });

  it('strips an element tree in place', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.innerHTML = '<g onmouseover="x()"><set attributeName="fill" to="red"/></g>';
    stripActive(svg);
    expect(svg.innerHTML).toBe('<g></g>');
  });
});
