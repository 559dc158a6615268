import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { taggedText } from './tagged-text.tsx';

/** What the elements render to, as a DOM tree. */
function html(node: ReactElement): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = renderToStaticMarkup(node);
  return div;
}

describe('taggedText', () => {
  const parts = { service: <a href="#s" />, privacy: <a href="#p" /> };

  it.each([
    [
      'I have read and agree to the <service>Service Agreement</service> and the <privacy>Privacy Policy</privacy>',
      'I have read and agree to the Service Agreement and the Privacy Policy',
    ],
    [
      '我已阅读并同意<service>《服务协议》</service>和<privacy>《隐私政策》</privacy>',
      '我已阅读并同意《服务协议》和《隐私政策》',
    ],
  ])('renders the named parts as their elements: %s', (text, plain) => {
    const container = html(<p>{taggedText(text, parts)}</p>);
    expect(container.textContent).toBe(plain);
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#s', '#p']);
    expect(links[0]?.textContent).toContain(text.includes('Service') ? 'Service Agreement' : '《服务协议》');
  });

  it('keeps an unknown tag as text and text without tags as it is', () => {
    const container = html(<p>{taggedText('a <x>b</x> c', parts)}</p>);
    expect(container.textContent).toBe('a <x>b</x> c');
    expect(container.querySelector('a')).toBeNull();
    expect(taggedText('plain', parts)).toEqual(['plain']);
  });
});
