import { afterAll, describe, expect, it } from 'vitest';
import { sanitizeSvg, SvgRejected } from './svg-sanitize.ts';
import { SvgSanitizer } from './svg-sanitizer.ts';

/* The sanitiser's worker thread: the same drawing as on the caller's thread, without stalling it. */

const NS = 'xmlns="http://www.w3.org/2000/svg"';
const small = Buffer.from(
  `<svg ${NS}><circle id="valve-1" r="4" onclick="alert(1)"/><script>x()</script></svg>`,
);
/** A drawing of `n` marked elements (about 0.5 MB at 4,000: seconds of CPU). */
const big = (n: number) =>
  Buffer.from(
    `<svg ${NS}>${Array.from({ length: n }, (_, i) => `<rect id="r${i}" x="${i % 500}" y="${i % 300}" width="4" height="4" fill="#123456" style="stroke:#000"/><text id="t${i}">T${i}</text>`).join('')}</svg>`,
  );

const sanitizer = new SvgSanitizer();
afterAll(() => sanitizer.stop());

async function rejection(p: Promise<unknown>): Promise<SvgRejected> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof SvgRejected)) throw new Error(`expected SvgRejected, got ${String(err)}`);
  return err;
}

describe('SvgSanitizer', () => {
  it('cleans a drawing exactly as sanitizeSvg does', async () => {
    expect(await sanitizer.sanitize(small)).toEqual(sanitizeSvg(small));
  });

  it('refuses as sanitizeSvg refuses, with its reasons', async () => {
    expect((await rejection(sanitizer.sanitize(small, { maxBytes: 10 }))).reason).toBe('too_large');
    const dtd = Buffer.from(`<!DOCTYPE svg [<!ENTITY a "b">]><svg ${NS}/>`);
    expect((await rejection(sanitizer.sanitize(dtd))).reason).toBe('not_svg');
    expect((await rejection(sanitizer.sanitize(Buffer.from('  ')))).reason).toBe('empty');
    // And goes on cleaning after a refusal.
    expect((await sanitizer.sanitize(small)).ids).toEqual(['valve-1']);
  });

  it('leaves the event loop free while it cleans a big drawing', async () => {
    const order: string[] = [];
    const cleaned = sanitizer.sanitize(big(4_000)).then((r) => {
      order.push('cleaned');
      return r;
    });
    setTimeout(() => order.push('timer'), 5);
    const result = await cleaned;
    expect(result.ids).toHaveLength(8_000);
    // On the caller's thread the timer could only have run after the drawing was done.
    expect(order).toEqual(['timer', 'cleaned']);
  }, 60_000);

  it('refuses a drawing that takes too long, and starts afresh for the next one', async () => {
    const impatient = new SvgSanitizer(1);
    try {
      const err = await rejection(impatient.sanitize(big(5_000)));
      expect(err.reason).toBe('not_svg');
      expect(err.message).toMatch(/too complex/);
      const slow = new SvgSanitizer(20_000);
      try {
        expect((await slow.sanitize(small)).ids).toEqual(['valve-1']);
      } finally {
        await slow.stop();
      }
    } finally {
      await impatient.stop();
    }
  }, 60_000);
});
