import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

/**
 * A translated sentence with named parts, `I agree to the <service>Service Agreement</service>`,
 * rendered with each `<name>…</name>` as the element given for that name (its children the
 * inner text). react-i18next's <Trans> does this with a full HTML parser (~5 KB of the login
 * page's first visit); the public pages' sentences need only flat, named tags. Text outside a
 * known tag, or a tag without an element, stays plain text.
 */
export function taggedText(text: string, parts: Readonly<Record<string, ReactElement>>): ReactNode[] {
  const out: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let at = 0;
  for (const m of text.matchAll(tag)) {
    const [whole, name = '', inner = ''] = m;
    if (m.index > at) out.push(text.slice(at, m.index));
    const part = parts[name];
    out.push(
      part ? cloneElement(part, { key: out.length }, inner) : <Fragment key={out.length}>{whole}</Fragment>,
    );
    at = m.index + whole.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}
